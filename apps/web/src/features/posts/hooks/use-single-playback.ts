import { useEffect } from 'react';

/**
 * Videos play one at a time (spec §2): whenever a video or audio element on the page starts, every
 * other one that is playing is paused. `play` does not bubble, so it is caught on the way down.
 */
export function useSinglePlayback(): void {
  useEffect(() => {
    const onPlay = (event: Event) => {
      const started = event.target;
      if (!(started instanceof HTMLMediaElement)) return;
      document.querySelectorAll<HTMLMediaElement>('video, audio').forEach((media) => {
        if (media !== started && !media.paused) media.pause();
      });
    };
    document.addEventListener('play', onPlay, true);
    return () => document.removeEventListener('play', onPlay, true);
  }, []);
}
