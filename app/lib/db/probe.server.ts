import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

// What /metrics reports about the database (ADR 097): how long a query waits before the engine takes it —
// a free connection of the PostgreSQL pool, or PGlite's one-at-a-time lock — and how many wait now.

export interface DatabaseProbe {
  engine: "pglite" | "postgres";
  /** Connections open and idle (PostgreSQL; PGlite has one, always open), and queries waiting for their turn. */
  stats(): { total: number; idle: number; waiting: number };
  /** Called with the seconds each query (or transaction) waited. */
  onWait(listener: (seconds: number) => void): void;
}

function listeners() {
  const all: ((seconds: number) => void)[] = [];
  return {
    add: (listener: (seconds: number) => void) => void all.push(listener),
    emit: (started: bigint) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      for (const listener of all) listener(seconds);
    },
  };
}

/** Times `pool.connect`, which `pool.query` also goes through. */
export function probePgPool(pool: pg.Pool): DatabaseProbe {
  const waits = listeners();
  const connect = pool.connect.bind(pool) as (cb: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => void;
  (pool as unknown as { connect: unknown }).connect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    const started = process.hrtime.bigint();
    if (cb) {
      return connect((err, client, done) => {
        if (!err) waits.emit(started);
        cb(err, client, done);
      });
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => {
        if (err || !client) return reject(err ?? new Error("no client"));
        waits.emit(started);
        resolve(client);
      }),
    );
  };
  return {
    engine: "postgres",
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: waits.add,
  };
}

/** PGlite runs one query or transaction at a time; every `query`, `exec` and `transaction` queues on one lock. */
export function probePglite(client: Pick<PGlite, "_runExclusiveTransaction">): DatabaseProbe {
  const waits = listeners();
  let queued = 0;
  let running = 0;
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    const started = process.hrtime.bigint();
    queued++;
    return runExclusive(async () => {
      queued--;
      running++;
      waits.emit(started);
      try {
        return await fn();
      } finally {
        running--;
      }
    });
  };
  return {
    engine: "pglite",
    stats: () => ({ total: 1, idle: running === 0 ? 1 : 0, waiting: queued }),
    onWait: waits.add,
  };
}
