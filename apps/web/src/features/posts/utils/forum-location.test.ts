import { describe, expect, it } from 'vitest';
import { forumReturnPath, postDetailHref } from './forum-location';

describe('forumReturnPath', () => {
  it.each([
    ['/forum', '/forum'],
    ['/forum?search=quantum&sort=likes_desc', '/forum?search=quantum&sort=likes_desc'],
    ['/forum/', '/forum/'],
  ])('accepts the forum location %s', (from, expected) => {
    expect(forumReturnPath(from)).toBe(expected);
  });

  it.each([
    null,
    '',
    '/mypage',
    'https://evil.example/forum',
    '//evil.example',
    '/forumx',
    'forum',
  ])('falls back to /forum for %j', (from) => {
    expect(forumReturnPath(from)).toBe('/forum');
  });
});

describe('postDetailHref', () => {
  it('carries the forum location, encoded', () => {
    expect(postDetailHref('abc', '/forum?search=a b&sort=time_asc')).toBe(
      '/forum/detail/abc?from=%2Fforum%3Fsearch%3Da%20b%26sort%3Dtime_asc',
    );
    expect(postDetailHref('abc')).toBe('/forum/detail/abc');
  });
});
