import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";

// PGlite on its worker thread (ADR 034): the same answers, errors and transactions as in process,
// and the server's thread keeps running while the engine works.
type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (result: Promise<unknown>) => ((await result) as Rows).rows;

describe("PGlite on a worker thread", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null, worker: true });
    await handle.migrate();
  });
  afterAll(() => handle?.close());

  it("answers queries with typed values, as in process", async () => {
    const rows = await rowsOf(handle.db.execute(sql`select 1::int as n, 'x' as s, true as b, '{"a":1}'::jsonb as j, now() as t`));
    expect(rows[0]).toMatchObject({ n: 1, s: "x", b: true, j: { a: 1 } });
    expect(typeof rows[0]!.t).toBe("string");
  });

  it("keeps PostgreSQL's error fields (code, constraint) on a failed query", async () => {
    await handle.db.execute(sql`create table worker_probe (id int primary key)`);
    await handle.db.execute(sql`insert into worker_probe values (1)`);
    const failure = await handle.db.execute(sql`insert into worker_probe values (1)`).catch((error: Error) => error);
    const cause = (failure as Error & { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: "23505", constraint: "worker_probe_pkey" });
  });

  it("rolls a failed transaction back, nested savepoints included, and commits a good one", async () => {
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (2)`);
        await tx.transaction(async (inner) => inner.execute(sql`insert into worker_probe values (3)`));
        throw new Error("stop");
      })
      .catch(() => undefined);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (4)`);
      await tx
        .transaction((inner) => inner.execute(sql`insert into worker_probe values (5)`).then(() => inner.rollback()))
        .catch(() => undefined);
    });
    const rows = await rowsOf(handle.db.execute(sql`select id from worker_probe order by id`));
    expect(rows.map((r) => r.id)).toEqual([1, 4]);
  });

  it("runs a query sent during a transaction after it, never inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (6)`);
      await held;
      await tx.execute(sql`insert into worker_probe values (7)`);
    });
    const outside = handle.db.execute(sql`select count(*)::int as n from worker_probe`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    // The outside query saw the committed transaction whole: 1, 4, 6, 7.
    expect((await rowsOf(outside))[0]).toEqual({ n: 4 });
  });

  it("gives each of many queries in flight at once its own answer", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => rowsOf(handle.db.execute(sql`select ${i}::int as i`))));
    expect(answers.map((rows) => rows[0]!.i)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("lets the server's thread run while the engine works", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    // A query that keeps the engine busy for a while (in process, no timer could fire until it ends).
    await handle.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
