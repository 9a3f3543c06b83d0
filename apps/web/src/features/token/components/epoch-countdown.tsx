import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time';
import { formatTimeLeft } from '../utils/time-left';

const TICK_MS = 1000;

type EpochCountdownProps = {
  /** The epoch's end (ISO time). */
  endsAt: string;
  /** Called once when the end passes, e.g. to read the new epoch. */
  onEnded?: () => void;
};

/**
 * The time left in the epoch, ticking every second. It keeps its own clock, so only this line
 * renders each second, not the card or the page around it; it stops once the end has passed.
 */
export function EpochCountdown(props: EpochCountdownProps) {
  // A new end (the next epoch) is a new countdown with a fresh clock.
  return <Countdown key={props.endsAt} {...props} />;
}

function Countdown({ endsAt, onEnded }: EpochCountdownProps) {
  const { t } = useTranslation('token');
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  const ended = !(now < end);

  useEffect(() => {
    if (ended) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ended]);

  // The latest callback, called once when this end passes (a new callback is no new ending).
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });
  useEffect(() => {
    if (ended && Number.isFinite(end)) onEndedRef.current?.();
  }, [ended, end]);

  if (ended) return <span data-testid="epoch-countdown">{t('rewards.epochEnded')}</span>;
  return (
    <span data-testid="epoch-countdown">
      <time dateTime={endsAt}>
        {formatTimeLeft(end - now, (value, unit) => t(`timeUnits.${unit}`, { value }))}
      </time>{' '}
      <span>{t('rewards.epochEndsAt', { when: formatDateTime(endsAt) })}</span>
    </span>
  );
}
