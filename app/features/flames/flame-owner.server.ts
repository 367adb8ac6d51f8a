import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { userFlames } from "~schema";
import type { Services } from "~/lib/context";
import { preferenceCookie, readCookie } from "~/lib/cookies";
import { keyedHash, verifyKeyedHash } from "~/lib/keys.server";
import { takeRateLimit } from "~/lib/rate-limit.server";
import type { FlameOwner } from "./flames.server";
import { parseAnonymousId, ANONYMOUS_ID_KEY, anonymousIdFrom } from "./anonymous-id";

// The signature's purpose string keeps its first wording: cookies already signed with it stay valid.
const PURPOSE = "visitor-id";

/**
 * The flame owner behind a request, for reading: the signed-in user when there is
 * one, else the anonymous id named by the cookie.
 */
export function resolveFlameOwner(request: Request, options: { userId?: string | null } = {}): { flameOwner: FlameOwner | null } {
  if (options.userId) return { flameOwner: { userId: options.userId } };
  const existing = anonymousIdFrom(request.headers.get("cookie"));
  return { flameOwner: existing ? { anonymousId: existing } : null };
}

/** The cookie that keeps a server-issued anonymous id: `<uuid>.<HMAC>` (ADR 093). */
export function anonymousIdCookie(secret: string, anonymousId: string, secure: boolean): string {
  return preferenceCookie(ANONYMOUS_ID_KEY, `${anonymousId}.${keyedHash(secret, PURPOSE, anonymousId)}`, { secure });
}

/** The anonymous id of the request's cookie when this server signed it (ADR 093), else null. */
export function signedAnonymousId(secret: string, request: Pick<Request, "headers">): string | null {
  const parsed = parseAnonymousId(readCookie(request.headers.get("cookie"), ANONYMOUS_ID_KEY));
  return parsed?.signature && verifyKeyedHash(secret, PURPOSE, parsed.id, parsed.signature) ? parsed.id : null;
}

/** Why an anonymous flame was refused: no id from a page view, this id's limit, or the address's ceiling. */
export type AnonymousRefusal = "noVisitorId" | "perId" | "perAddress";

export type AnonymousOwner = { ok: true; flameOwner: FlameOwner; setCookie?: string } | { ok: false; refusal: AnonymousRefusal };

/** The id a request proves it holds: one this server signed, or a bare one from before signing that owns flames. */
async function provenId(
  services: Pick<Services, "db" | "secret">,
  request: Request,
): Promise<{ id: string; needsSigning: boolean } | null> {
  const parsed = parseAnonymousId(readCookie(request.headers.get("cookie"), ANONYMOUS_ID_KEY));
  if (parsed?.signature && verifyKeyedHash(services.secret, PURPOSE, parsed.id, parsed.signature))
    return { id: parsed.id, needsSigning: false };
  if (parsed && !parsed.signature && (await ownsFlames(services, parsed.id))) return { id: parsed.id, needsSigning: true };
  return null;
}

/**
 * A page view's anonymous id (docs/decisions/140-anonymous-ids-from-page-views.md): the id the request already
 * proves, signed if it was bare, else a new one — at most FLAME_NEW_IDS_PER_IP new ids per client address an
 * hour, a ceiling against scripts minting ids rather than a limit people sharing an address meet.
 */
export async function issueAnonymousId(
  services: Pick<Services, "db" | "secret" | "env">,
  input: { request: Request; clientIp: string; secure: boolean },
): Promise<{ ok: true; anonymousId: string; setCookie?: string } | { ok: false }> {
  const { env, secret, db } = services;
  const proven = await provenId(services, input.request);
  if (proven) {
    const anonymousId = proven.id;
    return proven.needsSigning
      ? { ok: true, anonymousId, setCookie: anonymousIdCookie(secret, anonymousId, input.secure) }
      : { ok: true, anonymousId };
  }
  if (!(await takeRateLimit({ db, secret }, `flame:new-id:ip:${input.clientIp}`, { window: 3600, max: env.FLAME_NEW_IDS_PER_IP }))) {
    return { ok: false };
  }
  const anonymousId = randomUUID();
  return { ok: true, anonymousId, setCookie: anonymousIdCookie(secret, anonymousId, input.secure) };
}

/**
 * The anonymous flame owner allowed to flame now (docs/decisions/140-anonymous-ids-from-page-views.md, ADR 093):
 * - only an id a page view issued (signed by this server), or a bare one from before signing that owns flames;
 *   a flame request never mints one, so a cookie-less flame is refused;
 * - each id has its own limit at a human rate (FLAME_LIMIT_PER_ID a minute), so visitors sharing an address
 *   do not use up each other's;
 * - an address's anonymous flames have a high ceiling (FLAME_LIMIT_PER_IP a minute) against floods.
 */
export async function anonymousOwner(
  services: Pick<Services, "db" | "secret" | "env">,
  input: { request: Request; clientIp: string; secure: boolean },
): Promise<AnonymousOwner> {
  const { env, secret, db } = services;
  const proven = await provenId(services, input.request);
  if (!proven) return { ok: false, refusal: "noVisitorId" };
  if (!(await takeRateLimit({ db, secret }, `flame:id:${proven.id}`, { window: 60, max: env.FLAME_LIMIT_PER_ID }))) {
    return { ok: false, refusal: "perId" };
  }
  if (!(await takeRateLimit({ db, secret }, `flame:ip:${input.clientIp}`, { window: 60, max: env.FLAME_LIMIT_PER_IP }))) {
    return { ok: false, refusal: "perAddress" };
  }
  const flameOwner = { anonymousId: proven.id };
  return proven.needsSigning
    ? { ok: true, flameOwner, setCookie: anonymousIdCookie(secret, proven.id, input.secure) }
    : { ok: true, flameOwner };
}

async function ownsFlames({ db }: Pick<Services, "db">, anonymousId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userFlames.id })
    .from(userFlames)
    .where(and(isNotNull(userFlames.anonymousId), eq(userFlames.anonymousId, anonymousId)))
    .limit(1);
  return Boolean(row);
}
