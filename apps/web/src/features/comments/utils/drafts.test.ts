import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts';

afterEach(() => window.sessionStorage.clear());

describe('comment drafts', () => {
  it('keeps one draft per post and per comment replied to', () => {
    writeDraft(draftKey('p1', null), 'On the post');
    writeDraft(draftKey('p1', 'c1'), 'To c1');
    writeDraft(draftKey('p2', null), 'Elsewhere');

    expect(readDraft(draftKey('p1', null))).toBe('On the post');
    expect(readDraft(draftKey('p1', 'c1'))).toBe('To c1');
    expect(readDraft(draftKey('p2', null))).toBe('Elsewhere');
    expect(readDraft(draftKey('p2', 'c1'))).toBeNull();
  });

  it('forgets an empty draft, or one that is only the @name it started with', () => {
    const key = draftKey('p1', 'c1');
    writeDraft(key, '@bob hi', '@bob ');
    expect(readDraft(key)).toBe('@bob hi');
    writeDraft(key, '@bob ', '@bob ');
    expect(readDraft(key)).toBeNull();
    writeDraft(key, 'text');
    writeDraft(key, '   ');
    expect(readDraft(key)).toBeNull();
    writeDraft(key, 'text');
    clearDraft(key);
    expect(readDraft(key)).toBeNull();
  });

  it('never throws when storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeDraft('k', 'text')).not.toThrow();
    expect(readDraft('k')).toBeNull();
  });
});
