import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EpochCountdown } from './epoch-countdown';

const START = new Date('2026-03-01T00:00:00.000Z');
const END = '2026-03-01T00:01:05.000Z';

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EpochCountdown', () => {
  it('counts down every second, next to the end in China time', () => {
    render(<EpochCountdown endsAt={END} />);
    const countdown = screen.getByTestId('epoch-countdown');
    expect(countdown).toHaveTextContent('1m 5s on 2026-03-01 08:01');
    expect(countdown.querySelector('time')).toHaveAttribute('datetime', END);

    act(() => vi.advanceTimersByTime(1000));
    expect(countdown).toHaveTextContent('1m 4s');
    act(() => vi.advanceTimersByTime(5000));
    expect(countdown).toHaveTextContent('59s');
  });

  it('renders its parent once while it ticks', () => {
    let parentRenders = 0;
    function Parent() {
      parentRenders += 1;
      return <EpochCountdown endsAt={END} />;
    }
    render(<Parent />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('epoch-countdown')).toHaveTextContent('55s');
    expect(parentRenders).toBe(1);
  });

  it('says when the epoch ended, tells once, and starts again for the next end', () => {
    const onEnded = vi.fn();
    let setEnd: (end: string) => void = () => {};
    function Holder() {
      const [end, set] = useState(END);
      setEnd = set;
      return <EpochCountdown endsAt={end} onEnded={onEnded} />;
    }
    render(<Holder />);
    act(() => vi.advanceTimersByTime(64_000));
    expect(screen.getByTestId('epoch-countdown')).toHaveTextContent('1s');
    expect(onEnded).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('epoch-countdown')).toHaveTextContent(
      'Ended; the next epoch starts now',
    );
    act(() => vi.advanceTimersByTime(5000));
    expect(onEnded).toHaveBeenCalledTimes(1);

    act(() => setEnd('2026-03-01T00:03:00.000Z'));
    expect(screen.getByTestId('epoch-countdown')).toHaveTextContent('1m 50s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('epoch-countdown')).toHaveTextContent('1m 49s');
  });
});
