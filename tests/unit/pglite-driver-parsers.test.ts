import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDriverParsersOnce } from "~/lib/db/pglite/driver-parsers.server";

// Drizzle's parsers are applied once, by the instance, not merged into a copy of PGlite's table per query
// (app/lib/db/pglite/driver-parsers.server.ts): the rows are what Drizzle had, and the table is not copied.

describe("PGlite with Drizzle's parsers once", () => {
  let client: PGlite;
  /** How many times PGlite's parser table was enumerated (a query's `{ ...table, ...parsers }` enumerates it). */
  let copies = 0;

  // PGlite's start (its WebAssembly compiled, a database made) takes seconds, and over 10 s (the hooks' default) when
  // the end-to-end groups run beside this suite.
  beforeAll(async () => {
    client = await PGlite.create();
    withDriverParsersOnce(client);
    client.parsers = new Proxy(client.parsers, {
      ownKeys(target) {
        copies++;
        return Reflect.ownKeys(target);
      },
    });
  }, 60_000);
  afterAll(async () => {
    await client.close();
  });

  const TEXT_ROW = sql`select timestamptz '2026-01-02 03:04:05.678+00' as at, array[timestamptz '2026-01-02 03:04:05+00'] as ats,
    interval '1 day 2 hours' as span, date '2026-01-02' as day, array[1.5::numeric] as amounts, 7::int as n, true as yes`;

  it("gives Drizzle's queries the rows its own parsers gave, without copying the table", async () => {
    const db = drizzle(client);
    copies = 0;
    const { rows } = await db.execute(TEXT_ROW);
    expect(rows[0]).toEqual({
      at: "2026-01-02 03:04:05.678+00",
      ats: '{"2026-01-02 03:04:05+00"}',
      span: "1 day 02:00:00",
      day: "2026-01-02",
      amounts: "{1.5}",
      n: 7,
      yes: true,
    });
    expect(copies).toBe(0);
  });

  it("does the same inside a transaction", async () => {
    const db = drizzle(client);
    copies = 0;
    const rows = await db.transaction(async (tx) => (await tx.execute(TEXT_ROW)).rows);
    expect(rows[0]).toMatchObject({ at: "2026-01-02 03:04:05.678+00", day: "2026-01-02" });
    expect(copies).toBe(0);
  });

  it("passes any other parsers on as they are", async () => {
    copies = 0;
    const { rows } = await client.query<{ n: string }>("select 7::int as n", [], { parsers: { 23: (value: string) => `#${value}` } });
    expect(rows[0]!.n).toBe("#7");
    expect(copies).toBe(1);
  });
});
