/**
 * Per-process fixed windows that bound what one visitor and one address may send (ADR 130). Signals are too
 * frequent to count each batch in the database as the sign-in limits do; with several app servers a visitor may
 * send up to this many per server, which still bounds a flood. The per-address ceiling is high on purpose: a mobile
 * carrier puts thousands of visitors behind one IPv4 address (docs/product.md §15.2).
 */
export class WindowLimiter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit of `key` (or `weight` hits); false when the key is over its limit in this window. */
  take(key: string, weight = 1, now = Date.now()): boolean {
    if (now - this.windowStart >= this.windowMs || this.counts.size >= this.maxKeys) {
      this.counts.clear();
      this.windowStart = now;
    }
    const count = (this.counts.get(key) ?? 0) + weight;
    this.counts.set(key, count);
    return count <= this.max;
  }
}

/** Batches a visitor may send a minute (a batch every few clips, and one when the page is hidden). */
export const BATCHES_PER_VISITOR_MINUTE = 60;
/** Events an address may send a minute, all its visitors together. */
export const EVENTS_PER_ADDRESS_MINUTE = 20_000;
/** New anonymous ids an address may be given an hour by this endpoint. */
export const NEW_IDS_PER_ADDRESS_HOUR = 200;
