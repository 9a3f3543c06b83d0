import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UPLOAD_FALLBACK_SUCCESS_MS,
  UPLOAD_PROGRESS_STEP,
  UPLOAD_PROGRESS_TICK_MS,
} from '@symposia/shared';
import { trackUpload } from './track-upload';

function start() {
  const onProgress = vi.fn<(percent: number) => void>();
  const onFallback = vi.fn<() => void>();
  const tracker = trackUpload({ onProgress, onFallback });
  const last = () => onProgress.mock.calls.at(-1)?.[0];
  return { tracker, onProgress, onFallback, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trackUpload (spec §4 Upload, §9)', () => {
  it(`rises ${UPLOAD_PROGRESS_STEP} points every ${UPLOAD_PROGRESS_TICK_MS} ms without progress events, capped at 100`, () => {
    const { onProgress, last, tracker } = start();
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS - 1);
    expect(onProgress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(last()).toBe(20);
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS * 3);
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([20, 40, 60, 80]);
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS * 3);
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([20, 40, 60, 80, 100]);
    tracker.stop();
  });

  it('follows real progress events and does not add simulated steps in a tick that had one', () => {
    const { tracker, last } = start();
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS / 2);
    tracker.reportProgress(12.4);
    expect(last()).toBe(12);
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS / 2);
    expect(last()).toBe(12);
    tracker.reportProgress(55);
    expect(last()).toBe(55);
    // A tick without an event: the simulated step resumes from the real value.
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS * 2);
    expect(last()).toBe(75);
    tracker.stop();
  });

  it('never goes back or past 100', () => {
    const { tracker, onProgress, last } = start();
    tracker.reportProgress(70);
    tracker.reportProgress(30);
    expect(last()).toBe(70);
    tracker.reportProgress(250);
    expect(last()).toBe(100);
    expect(onProgress).toHaveBeenCalledTimes(2);
    tracker.stop();
  });

  it(`falls back to success after ${UPLOAD_FALLBACK_SUCCESS_MS} ms without an answer`, () => {
    const { tracker, onFallback } = start();
    vi.advanceTimersByTime(UPLOAD_FALLBACK_SUCCESS_MS - 1);
    expect(onFallback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onFallback).toHaveBeenCalledTimes(1);
    // The real answer still arrives later; the caller learns the fallback was shown.
    expect(tracker.settle()).toEqual({ fellBack: true });
  });

  it('an answer in time stops the clocks: no fallback, no more progress', () => {
    const { tracker, onFallback, onProgress } = start();
    vi.advanceTimersByTime(UPLOAD_PROGRESS_TICK_MS * 2);
    expect(tracker.settle()).toEqual({ fellBack: false });
    const calls = onProgress.mock.calls.length;
    vi.advanceTimersByTime(UPLOAD_FALLBACK_SUCCESS_MS * 2);
    tracker.reportProgress(99);
    expect(onFallback).not.toHaveBeenCalled();
    expect(onProgress).toHaveBeenCalledTimes(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() leaves no timer behind', () => {
    const { tracker, onFallback } = start();
    tracker.stop();
    vi.advanceTimersByTime(UPLOAD_FALLBACK_SUCCESS_MS);
    expect(onFallback).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
