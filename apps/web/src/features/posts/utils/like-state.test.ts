import { describe, expect, it } from 'vitest';
import { optimisticLike, settleLike } from './like-state';

describe('optimisticLike', () => {
  it('likes: flag on, count up', () => {
    expect(optimisticLike({ liked: false, likes: 3 })).toEqual({
      expected: 'liked',
      next: { liked: true, likes: 4 },
    });
  });

  it('unlikes: flag off, count down, never below zero', () => {
    expect(optimisticLike({ liked: true, likes: 3 })).toEqual({
      expected: 'unliked',
      next: { liked: false, likes: 2 },
    });
    expect(optimisticLike({ liked: true, likes: 0 }).next.likes).toBe(0);
  });
});

describe('settleLike', () => {
  it("takes the server's count when it did what was expected", () => {
    expect(settleLike('liked', { status: 'success', action: 'liked', likes: 9 })).toEqual({
      liked: true,
      likes: 9,
    });
  });

  it('asks for a revert when the answer contradicts the click', () => {
    expect(settleLike('liked', { status: 'success', action: 'unliked', likes: 2 })).toBeNull();
  });
});
