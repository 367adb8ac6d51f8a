import { randomUUID } from "node:crypto";
import { preferenceCookie } from "~/lib/cookies";
import type { Liker } from "./flames.server";
import { VISITOR_ID_KEY, visitorIdFrom } from "./visitor-id";

/**
 * The liker behind a request: the signed-in user when there is one, else the
 * anonymous visitor. `create` mints a visitor id (and the cookie to keep it)
 * for a first flame.
 */
export function resolveLiker(
  request: Request,
  options: { userId?: string | null; create?: boolean; secure?: boolean } = {},
): { liker: Liker | null; setCookie?: string } {
  if (options.userId) return { liker: { userId: options.userId } };
  const existing = visitorIdFrom(request.headers.get("cookie"));
  if (existing) return { liker: { visitorId: existing } };
  if (!options.create) return { liker: null };
  const visitorId = randomUUID();
  return {
    liker: { visitorId },
    setCookie: preferenceCookie(VISITOR_ID_KEY, visitorId, { secure: options.secure }),
  };
}
