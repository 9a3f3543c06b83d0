import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { readForumScroll, writeForumScroll } from '../utils/scroll-memory';

type ScrollMemoryOptions = {
  /** The full forum address (path and query): each search and sort has its own position. */
  url: string;
  /** Pages of posts shown now. */
  pageCount: number;
  /** The first page has been answered (successfully or not). */
  ready: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * Keeps the forum's scroll position in session storage and brings it back on return (spec §2):
 * the position is saved while the reader scrolls, together with the number of pages loaded; on
 * return those pages are loaded first, then the window scrolls to where the reader was.
 */
export function useForumScrollMemory({
  url,
  pageCount,
  ready,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: ScrollMemoryOptions): void {
  const [saved] = useState(() => readForumScroll(url));
  const restoring = useRef(saved !== null && saved.y > 0);
  const pages = useRef(pageCount);

  useEffect(() => {
    pages.current = pageCount;
    if (!restoring.current && pageCount > 0) {
      writeForumScroll(url, { y: Math.round(window.scrollY), pages: pageCount });
    }
  }, [url, pageCount]);

  // Restore once the pages the reader had seen are there again.
  useEffect(() => {
    if (!restoring.current || !saved || !ready || isFetchingNextPage) return;
    if (pageCount < saved.pages && hasNextPage) {
      void fetchNextPage();
      return;
    }
    const frame = requestAnimationFrame(() => {
      window.scrollTo(0, saved.y);
      restoring.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [saved, ready, pageCount, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A layout effect, so the listener is gone before the list leaves the page: the scroll that
  // leaving causes must not overwrite the position.
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      frame = 0;
      if (restoring.current) return;
      writeForumScroll(url, { y: Math.round(window.scrollY), pages: Math.max(1, pages.current) });
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [url]);
}
