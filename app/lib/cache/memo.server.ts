import type { Database } from "~/lib/database";
import { perDatabase } from "~/lib/db/engine.server";

/**
 * A small in-memory cache of values computed from the catalogue (docs/decisions/031-in-memory-caches.md).
 * An entry is served while the cache generation it was filled at is still current and it is younger
 * than `ttlMs` (counts such as flames may lag by at most that); concurrent misses for one key share one
 * computation. Never put personal state in here: keys are shared by every visitor.
 *
 * With `refreshAside`, an entry past its `ttlMs` within the same generation is still served while one refresh runs
 * beside the requests, and replaced once that refresh is done (ADR 225): no request waits for a value that only aged.
 * A generation move is waited for as without it, so what public pages hide or change is never served from before.
 */
export class Memo<T> {
  private readonly entries = new Map<string, { generation: number; at: number; value: Promise<T>; refreshing?: boolean }>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; refreshAside?: boolean }) {}

  get(key: string, generation: number, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation) {
      if (now - entry.at < this.options.ttlMs) return entry.value;
      if (this.options.refreshAside) {
        if (!entry.refreshing) this.refresh(key, entry, compute);
        return entry.value;
      }
    }
    const value = compute();
    this.set(key, { generation, at: now, value });
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private set(key: string, entry: { generation: number; at: number; value: Promise<T> }): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }

  /** Computes the entry anew beside the requests; the served value changes only once the new one is there. */
  private refresh(
    key: string,
    entry: { generation: number; at: number; value: Promise<T>; refreshing?: boolean },
    compute: () => Promise<T>,
  ) {
    entry.refreshing = true;
    const started = Date.now();
    compute().then(
      (value) => {
        // Unless the entry was replaced meanwhile (a generation move, a clear).
        if (this.entries.get(key) === entry) this.set(key, { generation: entry.generation, at: started, value: Promise.resolve(value) });
      },
      // A failed refresh keeps the entry; the next request past its age tries again.
      () => void (entry.refreshing = false),
    );
  }
}

/**
 * One Memo per database handle, under `name` (perDatabase): entries are filled from one database and checked against
 * its generation, which another database's may equal, so a process that opens several (the test suites) must not
 * share them.
 */
export function memoPerDatabase<T>(name: string, options: ConstructorParameters<typeof Memo<T>>[0]): (db: Database) => Memo<T> {
  return perDatabase(name, () => new Memo<T>(options));
}
