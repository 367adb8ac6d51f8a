import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { createPgCluster, postgresBinaries, type PgCluster } from "../support/pg-cluster";

// ADR 101: PostgreSQL ending a connection (stopped, restarted, or the backend
// terminated) is reported to the outage gate and never ends the process. Found by
// tests/e2e/fault-postgres.test.ts: a connection lost while a request held it
// (inside a transaction) emitted "error" on a client the pool no longer listened
// to, and the server died. Runs on a throwaway cluster of its own, so the same on
// both passes of `npm test`.

describe.skipIf(!postgresBinaries())("a PostgreSQL connection lost", () => {
  let cluster: PgCluster;
  let handle: DatabaseHandle;
  let admin: pg.Client;
  const reported: Error[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster();
    handle = await openDatabase({ databaseUrl: cluster.url, poolSize: 3 });
    handle.onConnectionError((error) => reported.push(error));
    admin = new pg.Client({ connectionString: cluster.url });
    // The test's own client loses its connection too when the cluster stops (the last test).
    admin.on("error", () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await handle?.close();
    await cluster?.destroy();
  });

  const terminate = async (pid: number) => {
    expect((await admin.query("select pg_terminate_backend($1) as done", [pid])).rows[0].done).toBe(true);
  };
  const until = async (condition: () => Promise<boolean> | boolean) => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it("inside a transaction, between two queries, is reported and fails that transaction, not the process", async () => {
    reported.length = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: (pid: number) => void;
    const held = new Promise<number>((resolve) => (holding = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      holding(rows[0]!.pid);
      await released;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => "committed",
      () => "failed",
    );
    await terminate(await held);
    await until(() => reported.length > 0);
    expect((reported[0] as Error & { code?: string }).code).toBe("57P01");
    release();
    expect(await outcome).toBe("failed");
    // The pool opens a new connection for the next query.
    await handle.ping();
  });

  it("under a running query is reported before the query's caller sees the failure", async () => {
    reported.length = 0;
    const running = handle.db.execute(sql`select pg_sleep(60), 'connection-lost-test'`).then(
      () => ({ finished: true, reportedFirst: false }),
      () => ({ finished: false, reportedFirst: reported.length > 0 }),
    );
    let pid: number | undefined;
    await until(async () => {
      const { rows } = await admin.query(
        "select pid from pg_stat_activity where state = 'active' and query like '%connection-lost-test%' and pid <> pg_backend_pid()",
      );
      pid = rows[0]?.pid;
      return pid !== undefined;
    });
    await terminate(pid!);
    expect(await running).toEqual({ finished: false, reportedFirst: true });
    await handle.ping();
  });

  it("while PostgreSQL is stopped, every query is reported as a lost connection", async () => {
    reported.length = 0;
    await cluster.stop();
    try {
      await expect(handle.ping()).rejects.toThrow();
      expect(reported.length).toBeGreaterThan(0);
    } finally {
      await cluster.start();
    }
    await handle.ping();
  });
});
