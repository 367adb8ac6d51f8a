import { AUDIENCES, type Audience } from "~schema/values";

export { AUDIENCES, type Audience };
export const AUDIENCE_COOKIE = "audience";
export const DEFAULT_AUDIENCE: Audience = "hetero";
/** The audiences the header menu offers (docs/product.md §2.3). */
export const MENU_AUDIENCES = ["hetero", "gay"] as const satisfies readonly Audience[];

export function isAudience(value: unknown): value is Audience {
  return typeof value === "string" && (AUDIENCES as readonly string[]).includes(value);
}

export function parseAudience(value: string | undefined | null): Audience {
  return isAudience(value) ? value : DEFAULT_AUDIENCE;
}
