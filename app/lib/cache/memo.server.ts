import type { Database } from "~/lib/database";
import { perDatabase } from "~/lib/db/engine.server";

/**
 * A small in-memory cache of values computed from the catalogue (docs/decisions/031-in-memory-caches.md).
 * An entry is served while the cache generation it was filled at is still current and it is younger
 * than `ttlMs` (counts such as flames may lag by at most that); concurrent misses for one key share one
 * computation. Never put personal state in here: keys are shared by every visitor.
 */
export class Memo<T> {
  private readonly entries = new Map<string, { generation: number; at: number; value: Promise<T> }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {}

  get(key: string, generation: number, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation && now - entry.at < this.options.ttlMs) return entry.value;
    const value = compute();
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { generation, at: now, value });
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * One Memo per database handle, under `name` (perDatabase): entries are filled from one database and checked against
 * its generation, which another database's may equal, so a process that opens several (the test suites) must not
 * share them.
 */
export function memoPerDatabase<T>(name: string, options: { ttlMs: number; maxEntries: number }): (db: Database) => Memo<T> {
  return perDatabase(name, () => new Memo<T>(options));
}
