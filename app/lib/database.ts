import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "~schema";

// The database's type on its own, so that what db.server.ts uses (the caches) can name it without importing it back.

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
