/**
 * A Map that forgets its oldest entry when a new one would pass its limit, so a process's memos
 * (prepared statements, keys remembered per URL, client or member) stay bounded however many
 * distinct keys requests bring.
 *
 * "Oldest" is the order of insertion, as a Map iterates: setting a key already held replaces its
 * value in place and forgets nothing. A caller that wants least recently used rather than first
 * in deletes a key before setting it again, which puts it last.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  /** At least 1: the entry being set always fits. */
  readonly max: number;

  constructor(max: number) {
    super();
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`a BoundedMap holds at least one entry, not ${max}`);
    }
    this.max = max;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
