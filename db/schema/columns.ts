import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/pg-core";
import type { Audience } from "./values";

/** A list of audiences (docs/product.md §2.3): `{hetero}` by default where a row is for everyone, else empty. */
export const audienceList = (byDefault: "hetero" | "none") =>
  text()
    .array()
    .$type<Audience[]>()
    .notNull()
    .default(byDefault === "hetero" ? sql`'{hetero}'::text[]` : sql`'{}'::text[]`);
