import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import { perDatabase } from "~/lib/db/engine.server";
import { DEFAULT_TIME_ZONE } from "./time-zone";

// Node's Intl and the database each carry their own copy of the time-zone
// database; a zone only one of them knows would make every query that groups
// by day fail. Asked once per zone name and database (Intl already bounds the set of names).
const knownToDatabase = perDatabase("known-time-zones", () => new Map<string, boolean>());

/** The zone itself when the database knows it, else UTC. */
export async function databaseTimeZone(db: Database, zone: string): Promise<string> {
  if (zone === DEFAULT_TIME_ZONE) return zone;
  let known = knownToDatabase(db).get(zone);
  if (known === undefined) {
    known = await db.execute(sql`select now() at time zone ${zone}`).then(
      () => true,
      () => false,
    );
    knownToDatabase(db).set(zone, known);
  }
  return known ? zone : DEFAULT_TIME_ZONE;
}
