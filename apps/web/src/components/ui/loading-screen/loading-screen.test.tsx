import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DOT_INTERVAL_MS, LOADING_MIN_DISPLAY_MS } from '@symposia/shared';
import { LoadingScreen } from './loading-screen';
import { useMinimumDisplay } from './use-minimum-display';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LoadingScreen', () => {
  it("shows 'Loading' followed by 0 to 3 dots, one more every 400 ms, then again from 0", () => {
    render(<LoadingScreen />);
    const status = screen.getByRole('status', { name: 'Loading' });
    const seen = [status.textContent];

    for (let tick = 0; tick < 5; tick += 1) {
      act(() => vi.advanceTimersByTime(LOADING_DOT_INTERVAL_MS));
      seen.push(status.textContent);
    }

    expect(seen).toEqual(['Loading', 'Loading.', 'Loading..', 'Loading...', 'Loading', 'Loading.']);
  });

  it('does not change between ticks', () => {
    render(<LoadingScreen />);
    act(() => vi.advanceTimersByTime(LOADING_DOT_INTERVAL_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading$/);
  });
});

describe('useMinimumDisplay', () => {
  it(`keeps a quick loading phase visible for ${LOADING_MIN_DISPLAY_MS} ms`, () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDisplay(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(100));
    rerender({ active: false });
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(LOADING_MIN_DISPLAY_MS - 101));
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('stays visible as long as loading lasts beyond the minimum', () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDisplay(active), {
      initialProps: { active: true },
    });

    act(() => vi.advanceTimersByTime(LOADING_MIN_DISPLAY_MS * 3));
    expect(result.current).toBe(true);

    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('never shows when nothing is loading', () => {
    const { result } = renderHook(() => useMinimumDisplay(false));
    expect(result.current).toBe(false);
  });

  it('holds a new loading phase for its own minimum', () => {
    const { result, rerender } = renderHook(({ active }) => useMinimumDisplay(active), {
      initialProps: { active: false },
    });

    rerender({ active: true });
    rerender({ active: false });
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(LOADING_MIN_DISPLAY_MS));
    expect(result.current).toBe(false);
  });
});
