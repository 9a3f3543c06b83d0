import { useEffect, useEffectEvent, useState } from 'react';
import { livePosts } from '@/lib/live-posts';

/**
 * Posts published while the forum is open (issue 31; a member's notification stream tells them,
 * lib/live-posts.ts). Where a new post would show at the top of what the reader sees — the newest
 * first, unfiltered, only its first page loaded — `readIn` is called and the list is read again
 * at once. Anywhere else the list does not move under the reader: `waiting` turns true, for a
 * "New posts" button that reads them in when pressed; `shown` turns it off.
 */
export function useLivePosts({ atTop, readIn }: { atTop: boolean; readIn: () => void }) {
  const [waiting, setWaiting] = useState(false);
  const published = useEffectEvent(() => {
    if (atTop) readIn();
    else setWaiting(true);
  });
  useEffect(() => livePosts.subscribe(() => published()), []);
  return { waiting, shown: () => setWaiting(false) };
}
