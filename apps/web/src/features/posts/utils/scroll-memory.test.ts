import { afterEach, describe, expect, it } from 'vitest';
import { readForumScroll, writeForumScroll } from './scroll-memory';

afterEach(() => window.sessionStorage.clear());

describe('forum scroll memory', () => {
  it('keeps one position per forum address in session storage', () => {
    writeForumScroll('/forum?search=a', { y: 640, pages: 2 });
    writeForumScroll('/forum', { y: 100, pages: 1 });

    expect(readForumScroll('/forum?search=a')).toEqual({ y: 640, pages: 2 });
    expect(readForumScroll('/forum')).toEqual({ y: 100, pages: 1 });
    expect(readForumScroll('/forum?search=b')).toBeNull();
    expect(Object.keys(window.sessionStorage).length).toBe(2);
  });

  it('ignores what it cannot read', () => {
    window.sessionStorage.setItem('forum-scroll:/forum', '{broken');
    expect(readForumScroll('/forum')).toBeNull();
    window.sessionStorage.setItem('forum-scroll:/forum', JSON.stringify({ y: -5 }));
    expect(readForumScroll('/forum')).toBeNull();
    window.sessionStorage.setItem('forum-scroll:/forum', JSON.stringify({ y: 30 }));
    expect(readForumScroll('/forum')).toEqual({ y: 30, pages: 1 });
  });
});
