import { randomBytes } from 'node:crypto';

let sequence = 0;

/**
 * An id that sorts in the order the rows were written: the time in milliseconds, then a counter
 * of this process (rows written within one millisecond keep their order), then random bytes
 * (ids of several processes never collide). Lists ordered "newest first" by time and id then
 * never shuffle rows written at the same instant, as the moderation log's are.
 */
export function timeOrderedId(at: Date): string {
  sequence = (sequence + 1) % 0x1_0000_0000;
  const time = at.getTime().toString(16).padStart(12, '0');
  const counter = sequence.toString(16).padStart(8, '0');
  return `${time}-${counter}-${randomBytes(6).toString('hex')}`;
}
