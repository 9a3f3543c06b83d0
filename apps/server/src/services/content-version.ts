/**
 * A counter of changes to what readers see (posts, likes, comments, authors' names). Whatever
 * caches public answers keeps the number it saw and drops the answer once the number moves, so a
 * change made through this process is visible at once.
 */
export interface ContentVersion {
  current: () => number;
  bump: () => void;
}

export function createContentVersion(): ContentVersion {
  let value = 0;
  return {
    current: () => value,
    bump: () => {
      value += 1;
    },
  };
}
