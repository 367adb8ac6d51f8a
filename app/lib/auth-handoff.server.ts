import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { HANDOFF_FAILED_QUERY, HANDOFF_PATHS } from "./auth-handoff";
import { safeRedirectPath } from "./http/redirect";

// Signing in on Conscious Mode's own host with the session of the adult site, without a second e-mail
// (docs/decisions/122-sign-in-handoff-between-hosts.md). Three steps, each a redirect in the member's browser:
//   begin  (companion host): a random state in an HttpOnly cookie of the companion's; its HMAC travels on.
//   grant  (adult host):     the signed-in member's single-use code, bound to that HMAC, for one minute.
//   finish (companion host): the code is consumed and opens a session only beside the cookie that began it.
// The code only ever travels through the browser holding the state, so a link made in another browser (an
// attacker's) signs nobody in: neither the victim into the attacker's account nor the attacker into the victim's.

/** Seconds a hand-off code lives: long enough for one redirect. */
export const HANDOFF_CODE_SECONDS = 60;
/** Seconds the companion browser's state lives: long enough to sign in on the adult site first. */
export const HANDOFF_STATE_SECONDS = 10 * 60;

const STATE_COOKIE = "handoff_state";
const STATE = /^[\w-]{43}$/;

interface Grant {
  userId: string;
  state: string;
  twoFactorVerified: boolean;
}

const keyed = (secret: string, value: string) => createHmac("sha256", secret).update(`handoff-state:${value}`).digest("base64url");
const codeIdentifier = (code: string) => `handoff:${createHash("sha256").update(code).digest("base64url")}`;
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function handoffPlugin(input: {
  secret: string;
  /** The adult site's public origin (MAIN_SITE_URL, else PUBLIC_URL). */
  adultOrigin: string;
  /** Conscious Mode's own origin (CONSCIOUS_SITE_URL); without one there is nothing to hand off to. */
  companionOrigin: string | null;
}) {
  const { secret, adultOrigin, companionOrigin } = input;
  const query = z.object({ next: z.string().max(2048).optional() });
  const configured = () => {
    if (!companionOrigin) throw new APIError("NOT_FOUND");
    return companionOrigin;
  };

  return {
    id: "handoff",
    endpoints: {
      handoffBegin: createAuthEndpoint(HANDOFF_PATHS.begin, { method: "GET", query }, async (ctx) => {
        configured();
        const state = randomBytes(32).toString("base64url");
        const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: HANDOFF_STATE_SECONDS });
        ctx.setCookie(cookie.name, state, cookie.attributes);
        const next = safeRedirectPath(ctx.query.next);
        throw ctx.redirect(`${adultOrigin}/api/auth${HANDOFF_PATHS.grant}?${new URLSearchParams({ state: keyed(secret, state), next })}`);
      }),

      handoffGrant: createAuthEndpoint(
        HANDOFF_PATHS.grant,
        { method: "GET", query: query.extend({ state: z.string().regex(STATE) }) },
        async (ctx) => {
          const companion = configured();
          const next = safeRedirectPath(ctx.query.next);
          const current = await getSessionFromCtx(ctx);
          if (!current) {
            // Signed out here too: sign in on the adult site, then come back to this step.
            const back = `/api/auth${HANDOFF_PATHS.grant}?${new URLSearchParams({ state: ctx.query.state, next })}`;
            throw ctx.redirect(`/auth/sign-in?${new URLSearchParams({ next: back })}`);
          }
          const code = randomBytes(32).toString("base64url");
          const grant: Grant = {
            userId: current.user.id,
            state: ctx.query.state,
            twoFactorVerified: (current.session as { twoFactorVerified?: boolean }).twoFactorVerified === true,
          };
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: codeIdentifier(code),
            value: JSON.stringify(grant),
            expiresAt: new Date(Date.now() + HANDOFF_CODE_SECONDS * 1000),
          });
          throw ctx.redirect(`${companion}/api/auth${HANDOFF_PATHS.finish}?${new URLSearchParams({ code, next })}`);
        },
      ),

      handoffFinish: createAuthEndpoint(
        HANDOFF_PATHS.finish,
        { method: "GET", query: query.extend({ code: z.string().regex(STATE) }) },
        async (ctx) => {
          configured();
          const next = safeRedirectPath(ctx.query.next);
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: HANDOFF_STATE_SECONDS });
          const held = ctx.getCookie(cookie.name) ?? "";
          // Single use whatever happens next: a code tried from the wrong browser is gone for the right one too.
          const row = await ctx.context.internalAdapter.consumeVerificationValue(codeIdentifier(ctx.query.code));
          ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
          const grant = row && row.expiresAt.getTime() > Date.now() ? parseGrant(row.value) : null;
          const failed = `/auth/sign-in?${HANDOFF_FAILED_QUERY}&${new URLSearchParams({ next })}`;
          if (!grant || !STATE.test(held) || !sameText(keyed(secret, held), grant.state)) throw ctx.redirect(failed);
          const user = await ctx.context.internalAdapter.findUserById(grant.userId);
          if (!user) throw ctx.redirect(failed);
          const session = await ctx.context.internalAdapter.createSession(user.id, false, {
            twoFactorVerified: grant.twoFactorVerified,
          });
          await setSessionCookie(ctx, { session, user });
          throw ctx.redirect(next);
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

function parseGrant(value: string): Grant | null {
  try {
    const grant = JSON.parse(value) as Partial<Grant>;
    return typeof grant.userId === "string" && typeof grant.state === "string"
      ? { userId: grant.userId, state: grant.state, twoFactorVerified: grant.twoFactorVerified === true }
      : null;
  } catch {
    return null;
  }
}
