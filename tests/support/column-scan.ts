import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/lib/db.server";

/** Every column of every table that can hold text (text, varchar, json, uuid, arrays): where personal data can hide. */
export async function textColumns(handle: DatabaseHandle) {
  const result = await handle.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'uuid', 'ARRAY', 'tsvector')
    order by table_name, column_name`);
  return (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
}

/** "table.column" for each column that still holds one of `needles` (case-insensitive). */
export async function columnsHolding(handle: DatabaseHandle, needles: string[]) {
  const found: string[] = [];
  for (const { table_name, column_name } of await textColumns(handle)) {
    for (const needle of needles) {
      const query = sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`;
      const rows = (await handle.db.execute(query)) as unknown as { rows: { n: number }[] };
      if (rows.rows[0]!.n > 0) found.push(`${table_name}.${column_name}`);
    }
  }
  return [...new Set(found)];
}
