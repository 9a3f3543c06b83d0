import { describe, expect, it } from 'vitest';
import type { Comment } from '../../domain/comment.js';
import { sameComments } from './comment-service.js';
import { createSteadyLoads } from './steady-loads.js';

function steady(maxItems = 10) {
  let version = 1;
  const loads = createSteadyLoads<number[]>({
    cache: { version: () => version },
    same: (a, b) => a.length === b.length && a.every((value, index) => value === b[index]),
    maxItems,
    itemsOf: (value) => value.length,
  });
  return { loads, bump: () => (version += 1) };
}

describe('createSteadyLoads', () => {
  it('shares one load among readers who miss together', async () => {
    const { loads } = steady();
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [1, 2, 3];
    };
    const [a, b, c] = await Promise.all([
      loads.load('t', read),
      loads.load('t', read),
      loads.load('t', read),
    ]);
    expect(reads).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    await loads.load('t', read);
    expect(reads).toBe(2);
  });

  it('answers the same object while the content is the same, a new one once it changed', async () => {
    const { loads } = steady();
    const first = await loads.load('t', async () => [1, 2]);
    expect(await loads.load('t', async () => [1, 2])).toBe(first);
    const changed = await loads.load('t', async () => [1, 2, 3]);
    expect(changed).toEqual([1, 2, 3]);
    expect(changed).not.toBe(first);
    expect(await loads.load('other', async () => [1, 2])).not.toBe(first);
  });

  it('never lets a load begun before a change answer a reader after it', async () => {
    const { loads, bump } = steady();
    let release!: (value: number[]) => void;
    const before = loads.load('t', () => new Promise<number[]>((resolve) => (release = resolve)));
    bump();
    const after = loads.load('t', async () => [9]);
    release([1]);
    expect(await before).toEqual([1]);
    expect(await after).toEqual([9]);
  });

  it('keeps at most maxItems items of past values', async () => {
    const { loads } = steady(4);
    const a = await loads.load('a', async () => [1, 2]);
    await loads.load('b', async () => [3, 4]);
    await loads.load('c', async () => [5]);
    // 'a' was dropped to make room: an equal reload is a new object.
    expect(await loads.load('a', async () => [1, 2])).not.toBe(a);
    const big = await loads.load('big', async () => [1, 2, 3, 4, 5]);
    expect(await loads.load('big', async () => [1, 2, 3, 4, 5])).not.toBe(big);
  });
});

describe('sameComments', () => {
  const comment: Comment = {
    id: 'c',
    postId: 'p',
    userId: 'u',
    username: 'ada',
    avatar: '',
    content: 'text',
    imageUrl: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    likes: 1,
    level: 1,
    parentId: null,
    rootId: null,
    replyCount: 0,
    editedAt: null,
    deleted: false,
    hidden: false,
  };

  it('compares every field', () => {
    expect(sameComments([comment], [{ ...comment }])).toBe(true);
    for (const [field, value] of Object.entries({
      likes: 2,
      content: 'edited',
      editedAt: '2026-01-02T00:00:00.000Z',
      hidden: true,
      deleted: true,
      replyCount: 1,
      avatar: 'a.png',
    })) {
      expect(sameComments([comment], [{ ...comment, [field]: value }]), field).toBe(false);
    }
    expect(sameComments([comment], [])).toBe(false);
  });
});
