/**
 * The reward epochs' clock (issue 16): epoch 1 starts at the first start-up; each next epoch
 * starts where the last ended and lasts REWARD_EPOCH_SECONDS. When nothing ran for longer than an
 * epoch (every process stopped), the epoch that opens then stretches to the first boundary after
 * now, so epochs stay back to back on the same grid and no span of time belongs to none.
 */

export interface EpochSpan {
  id: number;
  startsAt: string;
  endsAt: string;
}

/** The first epoch, starting now. */
export function firstEpoch(now: Date, epochSeconds: number): EpochSpan {
  return {
    id: 1,
    startsAt: now.toISOString(),
    endsAt: new Date(now.getTime() + epochSeconds * 1000).toISOString(),
  };
}

/** The epoch after `previous`, ending after `now` (and at least one epoch long). */
export function nextEpoch(previous: EpochSpan, now: Date, epochSeconds: number): EpochSpan {
  const start = Date.parse(previous.endsAt);
  const length = epochSeconds * 1000;
  const spans = Math.max(1, Math.floor((now.getTime() - start) / length) + 1);
  return {
    id: previous.id + 1,
    startsAt: previous.endsAt,
    endsAt: new Date(start + spans * length).toISOString(),
  };
}

/** Whether the epoch is over at `now` (its end is not part of it). */
export function epochEnded(epoch: Pick<EpochSpan, 'endsAt'>, now: Date): boolean {
  return Date.parse(epoch.endsAt) <= now.getTime();
}
