import { isUuidV4 } from "~/lib/uuid";

/**
 * What `/video/{videoId}` was given (ADR 015): a full version-4 UUID, or a
 * slug. A slug whose last segment is exactly 8 hex characters (docs/product.md §13.2) also
 * carries the clip's short id, so an edited or outdated slug still finds its
 * clip; a bare 8-hex id is the shortest such slug.
 */
export type ClipRef = { kind: "uuid"; id: string } | { kind: "slug"; slug: string; shortId: string | null };

// Generated slugs are about 70 characters; anything far longer is not one.
const MAX_SLUG_LENGTH = 200;
const SLUG = /^[a-z0-9-]+$/;
const SHORT_ID = /(?:^|-)([0-9a-f]{8})$/;

/** Null when the value cannot name a clip (the page answers 404 without a query). */
export function parseClipRef(raw: string | undefined): ClipRef | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return null;
  if (isUuidV4(value)) return { kind: "uuid", id: value };
  // (`isUuidV4` narrows a string to `never` when false; the value is still a string.)
  const slug: string = value;
  if (slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug)) return null;
  return { kind: "slug", slug, shortId: SHORT_ID.exec(slug)?.[1] ?? null };
}
