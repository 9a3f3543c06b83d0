type Listener = (postId: string) => void;

/**
 * Posts published while the page is open (issue 31), as the notification stream tells them
 * (`event: post-published`): the notifications feature owns that one connection and reports each
 * here; the forum listens, so features stay apart and no screen opens a second stream. Only a
 * signed-in member has a stream: for a visitor this never fires.
 */
export function createLivePosts() {
  const listeners = new Set<Listener>();
  return {
    /** A post the member may see was published. */
    published(postId: string): void {
      // A copy: a listener may stop listening while being told.
      for (const listener of [...listeners]) listener(postId);
    },
    /** Listens until the returned function is called. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const livePosts = createLivePosts();
