import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What docs/database.md names, read from its structure: a function is a `### name(…)` or `#### name(…)` heading with a
 * "Defined by" line; a trigger is a row of the table under "## Triggers"; a channel is a row of the table under
 * "## Notification channels". The first migration file named is the one the entry says defines it now.
 */
export interface DatabaseDoc {
  functions: Map<string, { definedBy: string | null }>;
  triggers: Map<string, { table: string; definedBy: string | null }>;
  channels: Set<string>;
}

export const root = path.resolve(__dirname, "../..");
export const DOC = "docs/database.md";
const MIGRATION = /\b\d{4}_[a-z0-9_]+\.sql\b/;

export const triggerKey = (trigger: string, table: string) => `${trigger} on ${table}`;

function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start === -1) return "";
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

/** The cells of every body row of the Markdown tables in `text` whose first cell is a `name`. */
function tableRows(text: string): string[][] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, line.trimEnd().endsWith("|") ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => /^`[a-z_][a-z0-9_]*`$/.test(cells[0] ?? ""));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, "");

export function readDatabaseDoc(text = readFileSync(path.join(root, DOC), "utf8")): DatabaseDoc {
  const functions = new Map<string, { definedBy: string | null }>();
  const blocks = section(text, "Functions").split(/\n(?=#{3,4} )/);
  for (const block of blocks) {
    const heading = /^#{3,4} `([a-z_][a-z0-9_]*)\(/.exec(block);
    if (!heading) continue;
    const definedBy = /\*\*Defined by:\*\*(.*)/.exec(block)?.[1] ?? "";
    functions.set(heading[1]!, { definedBy: MIGRATION.exec(definedBy)?.[0] ?? null });
  }

  const triggers = new Map<string, { table: string; definedBy: string | null }>();
  for (const cells of tableRows(section(text, "Triggers"))) {
    const [trigger, table, , , definedBy] = cells.map(unquote);
    if (!trigger || !table) continue;
    triggers.set(triggerKey(trigger, table), { table, definedBy: MIGRATION.exec(definedBy ?? "")?.[0] ?? null });
  }

  const channels = new Set(tableRows(section(text, "Notification channels")).map((cells) => unquote(cells[0]!)));
  return { functions, triggers, channels };
}

/** The migrations in the order they run (db/migrations/meta/_journal.json), with their SQL. */
export function migrations(): { file: string; sql: string }[] {
  const journal = JSON.parse(readFileSync(path.join(root, "db/migrations/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return journal.entries.map(({ tag }) => ({
    file: `${tag}.sql`,
    sql: readFileSync(path.join(root, "db/migrations", `${tag}.sql`), "utf8"),
  }));
}

const name = (n: string) => `"?${n}"?`;

/** The last migration that defines this function (CREATE [OR REPLACE] FUNCTION), or null. */
export function lastDefiningFunction(fn: string, all = migrations()): string | null {
  const pattern = new RegExp(`CREATE\\s+(?:OR\\s+REPLACE\\s+)?FUNCTION\\s+(?:"?public"?\\.)?${name(fn)}\\s*\\(`, "i");
  return all.filter(({ sql }) => pattern.test(sql)).at(-1)?.file ?? null;
}

/** The last migration that creates this trigger, or renames a trigger to this name, or null. */
export function lastDefiningTrigger(trigger: string, all = migrations()): string | null {
  const created = new RegExp(`CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:CONSTRAINT\\s+)?TRIGGER\\s+${name(trigger)}\\s`, "i");
  const renamed = new RegExp(`ALTER\\s+TRIGGER\\s+\\S+\\s+ON\\s+\\S+\\s+RENAME\\s+TO\\s+${name(trigger)}\\s*;`, "i");
  return all.filter(({ sql }) => created.test(sql) || renamed.test(sql)).at(-1)?.file ?? null;
}

/** Channels a SQL text announces or listens on: pg_notify('name', …), NOTIFY name, LISTEN name. */
export function channelsInSql(sql: string): Set<string> {
  const found = new Set<string>();
  for (const m of sql.matchAll(/pg_notify\s*\(\s*'([a-z_][a-z0-9_]*)'/gi)) found.add(m[1]!);
  for (const m of sql.matchAll(/^\s*(?:LISTEN|NOTIFY)\s+"?([a-z_][a-z0-9_]*)"?/gim)) found.add(m[1]!);
  return found;
}
