import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { userFlames } from "../../../db/schema";
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

export type AnonymousOwner = { ok: true; flameOwner: FlameOwner; setCookie?: string } | { ok: false };

/**
 * The anonymous flame owner allowed to flame now (docs/decisions/093-flame-and-sign-in-limits.md):
 * - an id this server signed: limited per id at a human rate (FLAME_LIMIT_PER_ID a minute);
 * - a bare id from before signing, if it already owns flames: kept, signed, same limit;
 * - no id, a forged or unknown one: a new id, limited per client address
 *   (FLAME_NEW_IDS_PER_IP an hour), so scripts cannot mint ids to stuff counts.
 */
export async function anonymousOwner(
  services: Pick<Services, "db" | "secret" | "env">,
  input: { request: Request; clientIp: string; secure: boolean },
): Promise<AnonymousOwner> {
  const { env, secret, db } = services;
  const perId = { window: 60, max: env.FLAME_LIMIT_PER_ID };
  const parsed = parseAnonymousId(readCookie(input.request.headers.get("cookie"), ANONYMOUS_ID_KEY));

  if (parsed?.signature && verifyKeyedHash(secret, PURPOSE, parsed.id, parsed.signature)) {
    if (!(await takeRateLimit(services, `flame:id:${parsed.id}`, perId))) return { ok: false };
    return { ok: true, flameOwner: { anonymousId: parsed.id } };
  }
  if (parsed && !parsed.signature && (await ownsFlames(services, parsed.id))) {
    if (!(await takeRateLimit(services, `flame:id:${parsed.id}`, perId))) return { ok: false };
    return { ok: true, flameOwner: { anonymousId: parsed.id }, setCookie: anonymousIdCookie(secret, parsed.id, input.secure) };
  }
  if (!(await takeRateLimit({ db, secret }, `flame:new-id:ip:${input.clientIp}`, { window: 3600, max: env.FLAME_NEW_IDS_PER_IP }))) {
    return { ok: false };
  }
  const anonymousId = randomUUID();
  return { ok: true, flameOwner: { anonymousId }, setCookie: anonymousIdCookie(secret, anonymousId, input.secure) };
}

async function ownsFlames({ db }: Pick<Services, "db">, anonymousId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userFlames.id })
    .from(userFlames)
    .where(and(isNotNull(userFlames.anonymousId), eq(userFlames.anonymousId, anonymousId)))
    .limit(1);
  return Boolean(row);
}
