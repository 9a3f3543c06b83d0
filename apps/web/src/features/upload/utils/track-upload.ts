import {
  UPLOAD_FALLBACK_SUCCESS_MS,
  UPLOAD_PROGRESS_STEP,
  UPLOAD_PROGRESS_TICK_MS,
} from '@symposia/shared';

export type UploadTracker = {
  /** A real progress report from the browser: percent (0–100) of the bytes sent. */
  reportProgress(percent: number): void;
  /** The answer arrived: stops the clocks. Tells whether the fallback success was already shown. */
  settle(): { fellBack: boolean };
  /** Stops the clocks without an answer (e.g. the screen went away). */
  stop(): void;
};

type TrackUploadCallbacks = {
  onProgress(percent: number): void;
  /** The server has not answered in time: treat the upload as accepted (spec §4 Upload). */
  onFallback(): void;
};

export type UploadTiming = {
  tickMs: number;
  step: number;
  fallbackMs: number;
};

const SPEC_TIMING: UploadTiming = {
  tickMs: UPLOAD_PROGRESS_TICK_MS,
  step: UPLOAD_PROGRESS_STEP,
  fallbackMs: UPLOAD_FALLBACK_SUCCESS_MS,
};

/**
 * The clocks of one upload (spec §4 Upload, §9). Progress never goes back and never passes 100:
 * real progress events move it to what was really sent; in every tick without one it rises by a
 * step, as the spec's simulated progress does. If no answer came within the fallback time, the
 * upload is shown as accepted; the real answer may still replace that later.
 */
export function trackUpload(
  { onProgress, onFallback }: TrackUploadCallbacks,
  timing: UploadTiming = SPEC_TIMING,
): UploadTracker {
  let progress = 0;
  let reportedThisTick = false;
  let fellBack = false;
  let running = true;

  const set = (next: number) => {
    const clamped = Math.min(100, Math.max(progress, Math.round(next)));
    if (clamped === progress) return;
    progress = clamped;
    onProgress(progress);
  };

  const ticker = setInterval(() => {
    if (!reportedThisTick) set(progress + timing.step);
    reportedThisTick = false;
  }, timing.tickMs);

  const fallback = setTimeout(() => {
    fellBack = true;
    onFallback();
  }, timing.fallbackMs);

  const stop = () => {
    running = false;
    clearInterval(ticker);
    clearTimeout(fallback);
  };

  return {
    reportProgress(percent) {
      if (!running) return;
      reportedThisTick = true;
      set(percent);
    },
    settle() {
      stop();
      return { fellBack };
    },
    stop,
  };
}
