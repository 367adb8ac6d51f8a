import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";

/** One flame to write: an owner's flame on a clip set to `flamed`. */
export interface FlameWrite {
  clipId: string;
  userId: string | null;
  anonymousId: string | null;
  flamed: boolean;
}

/** The clip's count before and after (`before` null: no such published clip; `after` null: nothing changed). */
export interface FlameCounts {
  before: number | null;
  after: number | null;
}

type FlameRow = { before: number | string | null; after: number | string | null };
type BatchRow = FlameRow & { ord: number | string };

interface Waiting {
  write: FlameWrite;
  resolve: (counts: FlameCounts) => void;
  reject: (error: unknown) => void;
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

function countsOf(row: FlameRow | undefined): FlameCounts {
  return {
    before: row?.before === null || row?.before === undefined ? null : Number(row.before),
    after: row?.after === null || row?.after === undefined ? null : Number(row.after),
  };
}

/** One flame, one call of `set_flame` (migration 0022, ADR 107). */
export async function writeFlame(db: Database, write: FlameWrite): Promise<FlameCounts> {
  const result = await db.execute(
    sql`select "before", "after" from set_flame(${write.clipId}, ${write.userId}, ${write.anonymousId}, ${write.flamed})`,
  );
  return countsOf(rowsOf<FlameRow>(result)[0]);
}

/**
 * Flames that arrive while the database is busy, written together by one call of `set_flames` (migration 0023,
 * ADR 111) — for a single-writer database only (PGlite). Each caller gets the counts `set_flame` would have given it
 * had the flames of the batch run one after another in the order they arrived. A batch that fails is run again one
 * flame at a time, so a flame that cannot be written fails alone. An owner's second flame on a clip waits for the
 * next batch: one batch holds each (clip, owner) once.
 */
export class FlameBatcher {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(
    private readonly db: Database,
    /** At most this many flames per call. */
    private readonly maxBatch = 64,
  ) {}

  write(write: FlameWrite): Promise<FlameCounts> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        // Flames whose requests were read in this turn of the event loop join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.run(this.nextBatch());
    } finally {
      this.draining = false;
    }
  }

  /** The flames that wait, in order, each (clip, owner) once; the others stay, in order, for the next batch. */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of this.waiting) {
      const { clipId, userId, anonymousId } = waiting.write;
      const key = `${clipId} ${userId === null ? `a:${anonymousId}` : `u:${userId}`}`;
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else {
        // Once an owner's flame on a clip waits, any later one of theirs on it must wait too (it is later).
        keys.add(key);
        later.push(waiting);
      }
    }
    this.waiting = later;
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      let rows: BatchRow[] | null = null;
      try {
        const writes = batch.map((w) => w.write);
        const result = await this.db.execute(
          sql`select "ord", "before", "after" from set_flames(${arrayOf(writes.map((w) => w.clipId))}::uuid[], ${arrayOf(
            writes.map((w) => w.userId),
          )}::text[], ${arrayOf(writes.map((w) => w.anonymousId))}::uuid[], ${arrayOf(writes.map((w) => w.flamed))}::boolean[])`,
        );
        rows = rowsOf<BatchRow>(result);
      } catch {
        // Nothing of the batch was written (one statement): each flame on its own, below.
      }
      // A flame is idempotent (it sets the flame, it does not toggle it): should the answer ever lack a flame, running
      // the batch again one flame at a time below writes nothing twice.
      if (rows && rows.length === batch.length) {
        const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
        batch.forEach((waiting, i) => waiting.resolve(countsOf(byOrd.get(i + 1))));
        return;
      }
    }
    for (const waiting of batch) {
      try {
        waiting.resolve(await writeFlame(this.db, waiting.write));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}

/** A PostgreSQL array literal: the drivers send it as text, cast to its type in the statement. */
function arrayOf(values: (string | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : typeof v === "boolean" ? String(v) : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;
}
