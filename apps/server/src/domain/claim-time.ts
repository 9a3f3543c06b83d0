/**
 * A time for people: 'YYYY-MM-DD HH:mm UTC', rounded up to the minute so that "after" it is
 * always true.
 */
export function formatClaimTime(time: number): string {
  const minute = 60_000;
  const rounded = new Date(Math.ceil(time / minute) * minute);
  return `${rounded.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
