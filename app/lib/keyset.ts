import { sql } from "drizzle-orm";

// Keyset pages ordered by (timestamp, id): the cursor names the last row exactly, to the microsecond, as
// `<UTC time>_<uuid>` in `?after=`.

/** A timestamp column as UTC text with microseconds, so a cursor names its row exactly. */
export const exactTime = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `?after=` as `{ at, id }`; null when absent or when this site did not write it (the caller decides what that means). */
export function readKeysetCursor(value: string | null): { at: string; id: string } | null {
  const match = CURSOR.exec(value ?? "");
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { at: match[1]!, id: match[2]! };
}
