import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";
import {
  DOC,
  channelsInSql,
  lastDefiningFunction,
  lastDefiningTrigger,
  migrations,
  readDatabaseDoc,
  triggerKey,
} from "../support/database-doc";

// docs/database.md names every SQL function, trigger and notification channel of a freshly migrated database, and the
// migration that defines each now. A failure says what to add or change there.

type Row = Record<string, string>;
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];

describe(`${DOC} against a migrated database on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let functions: { name: string; args: string; source: string }[];
  let triggers: { name: string; table: string; fn: string }[];
  const doc = readDatabaseDoc();
  const all = migrations();

  beforeAll(async () => {
    handle = await createTestDatabase();
    // Functions of the public schema, without those an extension owns (pg_trgm's).
    functions = rowsOf(
      await handle.db.execute(sql`
        select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, coalesce(p.prosrc, '') as source
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by 1`),
    ).map((row) => ({ name: row.name!, args: row.args!, source: row.source! }));
    // User triggers of the public schema's tables (not the ones PostgreSQL makes for foreign keys).
    triggers = rowsOf(
      await handle.db.execute(sql`
        select t.tgname as name, c.relname as "table", p.proname as fn
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = t.tgfoid
        where n.nspname = 'public' and not t.tgisinternal
        order by 2, 1`),
    ).map((row) => ({ name: row.name!, table: row.table!, fn: row.fn! }));
  });
  afterAll(() => handle?.close());

  it("reads the database's own logic (the test sees what it checks)", () => {
    expect(functions.map((f) => f.name)).toContain("set_flame");
    expect(triggers.map((t) => t.name)).toContain("clips_counters_write");
    expect(functions.map((f) => f.name)).not.toContain("similarity"); // pg_trgm's, excluded
    expect(doc.functions.size).toBeGreaterThan(0);
    expect(doc.triggers.size).toBeGreaterThan(0);
  });

  it("names every function, with the migration that defines it now", () => {
    const problems = functions.flatMap(({ name, args }) => {
      const current = lastDefiningFunction(name, all);
      const entry = doc.functions.get(name);
      if (!entry) {
        return [
          `${DOC} does not name the function ${name}(${args}), defined by ${current ?? "no migration (made outside db/migrations?)"}. ` +
            `Add under "## Functions":\n\n#### \`${name}(${args})\`\n\n- **Defined by:** \`${current}\`.\n` +
            `- **Keeps:** what it maintains.\n- **Used by:** the trigger or the code (file) that calls it.\n- **Why:** the ADR.\n`,
        ];
      }
      if (entry.definedBy !== current) {
        return [
          `${DOC}: function ${name} is defined now by ${current}, but its "Defined by" line names ${entry.definedBy ?? "no migration"} first. ` +
            `Put \`${current}\` first and list the earlier definitions after it.`,
        ];
      }
      return [];
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("names every trigger, on its table, with the migration that defines it now", () => {
    const problems = triggers.flatMap(({ name, table, fn }) => {
      const current = lastDefiningTrigger(name, all);
      const entry = doc.triggers.get(triggerKey(name, table));
      if (!entry) {
        return [
          `${DOC} does not name the trigger ${name} on ${table} (calls ${fn}(), defined by ${current ?? "no migration"}). ` +
            `Add a row to the table under "## Triggers":\n\n| \`${name}\` | \`${table}\` | when it fires | \`${fn}()\` | \`${current}\` |\n`,
        ];
      }
      if (entry.definedBy !== current) {
        return [
          `${DOC}: trigger ${name} on ${table} is defined now by ${current}, but its row names ${entry.definedBy ?? "no migration"} first.`,
        ];
      }
      return [];
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("names nothing the database does not have", () => {
    const functionNames = new Set(functions.map((f) => f.name));
    const triggerKeys = new Set(triggers.map((t) => triggerKey(t.name, t.table)));
    const stale = [
      ...[...doc.functions.keys()].filter((name) => !functionNames.has(name)).map((name) => `function ${name}`),
      ...[...doc.triggers.keys()].filter((key) => !triggerKeys.has(key)).map((key) => `trigger ${key}`),
    ];
    expect(
      stale,
      `${DOC} names what a migrated database does not have (dropped or renamed?): remove or rename: ${stale.join(", ")}`,
    ).toEqual([]);
  });

  it("names every channel the database's functions announce", () => {
    const announced = new Set(functions.flatMap((f) => [...channelsInSql(f.source)]));
    expect(announced.size).toBeGreaterThan(0);
    const missing = [...announced].filter((channel) => !doc.channels.has(channel));
    expect(
      missing,
      `${DOC} does not name the notification channel(s) ${missing.join(", ")}. Add a row to the table under "## Notification channels": ` +
        "| `channel` | the function that sends it, and when | the payload | who listens (function, file) |",
    ).toEqual([]);
  });
});
