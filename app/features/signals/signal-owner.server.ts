import { randomUUID } from "node:crypto";
import { anonymousIdCookie, signedAnonymousId } from "~/features/flames/index.server";
import type { Database } from "~/lib/database";
import { perDatabase } from "~/lib/db/engine.server";
import { NEW_IDS_PER_ADDRESS_HOUR, WindowLimiter } from "./signal-limits.server";

// Per database, as everything a process keeps: a process with several (the test suites) counts each one's visitors apart.
const newIds = perDatabase("signal-new-ids", () => new WindowLimiter(3600_000, NEW_IDS_PER_ADDRESS_HOUR));

/**
 * Global Privacy Control (Sec-GPC: 1) or Do Not Track (DNT: 1): the visitor asked not to be profiled, so nothing
 * personal is kept — no events, no history, no affinities (docs/product.md § Watch signals).
 */
export function asksNoProfile(request: Request): boolean {
  return request.headers.get("sec-gpc")?.trim() === "1" || request.headers.get("dnt")?.trim() === "1";
}

export type SignalVisitor = { ok: true; userId: string | null; anonymousId: string | null; setCookie?: string } | { ok: false };

/**
 * Whose signals these are: the member, else the anonymous id this server signed; a visitor without one gets a new
 * signed id, at most NEW_IDS_PER_ADDRESS_HOUR per address, so a script cannot mint profiles without end.
 */
export function signalVisitor(input: {
  db: Database;
  request: Request;
  userId: string | null;
  secret: string;
  clientIp: string;
  secure: boolean;
}): SignalVisitor {
  if (input.userId) return { ok: true, userId: input.userId, anonymousId: null };
  const existing = signedAnonymousId(input.secret, input.request);
  if (existing) return { ok: true, userId: null, anonymousId: existing };
  if (!newIds(input.db).take(input.clientIp)) return { ok: false };
  const anonymousId = randomUUID();
  return { ok: true, userId: null, anonymousId, setCookie: anonymousIdCookie(input.secret, anonymousId, input.secure) };
}
