import { inArray } from "drizzle-orm";
import { categories, creators, tags } from "~schema";
import type { Database } from "~/lib/database";
import { signalsExport } from "./signals.server";

// The watch data as a person reads it in their export ("Download my watch data" and the full "Download my data"):
// the signals' rows with their times in ISO 8601, as the rest of the file has them, and each weight the feed learned
// named. The rows come from signalsExport (signals.server.ts), read with raw SQL: a time there is a Date or
// PostgreSQL's own text ("2026-12-01 11:06:29.308+00") depending on the engine and the query.

/** PostgreSQL's text of a timestamptz: date, time (with a fraction or not), and a zone offset of hours[:minutes[:seconds]]. */
const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-]\d{2})(?::?(\d{2}))?(?::?\d{2})?|Z)?$/;

/**
 * A timestamp as ISO 8601 in UTC (what Date#toISOString writes), from a Date or PostgreSQL's text; anything else (a
 * null, a text that is no timestamp) is left as it is.
 */
export function isoTimestamp<T>(value: T): T | string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
  if (typeof value !== "string") return value;
  const match = PG_TIMESTAMP.exec(value);
  if (!match) return value;
  const [, day, time, hours, minutes] = match;
  // No offset: a timestamp without a zone, which these tables do not have; read as UTC rather than the server's zone.
  const at = new Date(`${day}T${time}${hours ? `${hours}:${minutes ?? "00"}` : "Z"}`);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** A calendar day as YYYY-MM-DD, whether the driver gave text or a Date (node-postgres makes one at local midnight). */
function isoDay<T>(value: T): T | string {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Each row with the named fields' timestamps in ISO 8601. */
function withIsoTimes<T extends Record<string, unknown>>(rows: T[], fields: string[]): T[] {
  return rows.map((row) => ({ ...row, ...Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, isoTimestamp(row[f])])) }));
}

type Affinity = { facet: string; itemId: string; weight: unknown; updatedAt: unknown };

/** What each learned item is called: a category's and a tag's names in English and Spanish, a creator's name; and its slug. */
async function affinityNames(db: Database, affinities: Affinity[]) {
  const ids = (facet: string) => [...new Set(affinities.filter((row) => row.facet === facet).map((row) => row.itemId))];
  const [categoryIds, tagIds, creatorIds] = [ids("category"), ids("tag"), ids("creator")];
  const [categoryRows, tagRows, creatorRows] = await Promise.all([
    categoryIds.length
      ? db
          .select({ id: categories.id, slug: categories.slug, name: categories.nameEn, nameEs: categories.nameEs })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : [],
    tagIds.length
      ? db.select({ id: tags.id, slug: tags.slug, name: tags.nameEn, nameEs: tags.nameEs }).from(tags).where(inArray(tags.id, tagIds))
      : [],
    creatorIds.length
      ? db.select({ id: creators.id, slug: creators.slug, name: creators.name }).from(creators).where(inArray(creators.id, creatorIds))
      : [],
  ]);
  const names = new Map<string, { slug: string; name: string; nameEs?: string }>();
  for (const [facet, rows] of [
    ["category", categoryRows],
    ["tag", tagRows],
    ["creator", creatorRows],
  ] as const) {
    for (const { id, ...named } of rows) names.set(`${facet}:${id}`, named);
  }
  return names;
}

/**
 * A member's watch data for their export: signalsExport's rows, times in ISO 8601, and each of the feed's weights
 * with the name and slug of its category, tag or creator (null for one no longer in the catalogue).
 */
export async function watchDataExport(db: Database, userId: string) {
  const exported = await signalsExport(db, userId);
  const affinities = exported.feedAffinities as Affinity[];
  const names = await affinityNames(db, affinities);
  return {
    watchEvents: withIsoTimes(exported.watchEvents as Record<string, unknown>[], ["at"]),
    watchHistory: withIsoTimes(exported.watchHistory as Record<string, unknown>[], ["at"]).map((row) => ({ ...row, day: isoDay(row.day) })),
    feedAffinities: affinities.map(({ facet, itemId, weight, updatedAt }) => {
      const named = names.get(`${facet}:${itemId}`);
      return {
        facet,
        itemId,
        slug: named?.slug ?? null,
        name: named?.name ?? null,
        ...(facet === "creator" ? {} : { nameEs: named?.nameEs ?? null }),
        weight: Number(weight),
        updatedAt: isoTimestamp(updatedAt),
      };
    }),
    notInterested: withIsoTimes(exported.notInterested as Record<string, unknown>[], ["at"]),
    feedSettings: exported.feedSettings,
  };
}
