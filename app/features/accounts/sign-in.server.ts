import type { BrandMode } from "~/lib/brand-mode";
import type { Services } from "~/lib/context";
import { Conflict, InvalidInput, RateLimited, ServiceFailure } from "~/lib/http/errors";
import { safeRedirectPath } from "~/lib/http/redirect";
import type { Language } from "~/lib/i18n/languages";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { CLIENT_IP_HEADER, LINK_CONFIRMED_HEADER, linkConfirmation, magicLinkIdentifier } from "~/lib/auth.server";
import type { Database } from "~/lib/database";
import { and, eq, gt } from "drizzle-orm";
import { verification } from "~schema";
import { isUsernameTaken } from "./profiles.server";
import { checkSignIn, normaliseEmail } from "./sign-in";

export { SIGN_IN_LIMITS } from "~/lib/auth.server";

/**
 * Sends a magic link (creating the account on first use), after our own checks and limits, and answers the
 * address it went to. Refusals are expected errors keyed in `accounts` (ADR 024): a bad address or username
 * 400, a taken username 409, too many links 429, and a mail that could not be sent 502 (logged here).
 */
export async function requestMagicLink(
  services: Services,
  input: {
    form: FormData;
    request: Request;
    language: Language;
    clientIp: string;
    brandMode?: BrandMode;
    /** Receives the cookie that ties the link to this browser (ADR 113). */
    responseHeaders?: Headers;
  },
): Promise<{ email: string }> {
  const mode = input.form.get("mode") === "signup" ? "signup" : "signin";
  const email = normaliseEmail(String(input.form.get("email") ?? ""));
  const username = String(input.form.get("username") ?? "").trim();
  // The auth library checks addresses with zod's e-mail rule: what it would refuse is the form's own 400 here,
  // not a "could not send" 502 (found by the fuzzer: `a@b`, a NUL inside the address).
  const problem = checkSignIn({ email, mode, username }) ?? (z.email().safeParse(email).success ? null : "emailInvalid");
  if (problem) throw new InvalidInput(`errors.${problem}`);
  if (mode === "signup" && username && (await isUsernameTaken(services.db, username))) throw new Conflict("errors.usernameTaken");

  const next = safeRedirectPath(input.form.get("next"));
  const headers = new Headers(input.request.headers);
  headers.set(CLIENT_IP_HEADER, input.clientIp);
  try {
    const sent = await services.auth.api.signInMagicLink({
      body: {
        email,
        name: mode === "signup" ? username : undefined,
        callbackURL: `/auth/callback?next=${encodeURIComponent(next)}`,
        errorCallbackURL: "/auth/callback",
        // The e-mail names the site the visitor is on (Conscious Mode's visitors never read the adult brand).
        metadata: { language: input.language, brandMode: input.brandMode ?? "adult" },
      },
      // The limits are taken in Better Auth's before-hook (lib/auth.server.ts), for this call and direct POSTs alike.
      headers,
      returnHeaders: true,
    });
    for (const cookie of sent.headers.getSetCookie()) input.responseHeaders?.append("Set-Cookie", cookie);
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429) throw new RateLimited("errors.rateLimited");
    services.log.error({ err: error }, "sending the sign-in link failed");
    throw new ServiceFailure(502, "errors.sendFailed");
  }
  return { email };
}

/** The address a pending, unexpired sign-in link signs into; null when the link is unknown, used or expired. */
export async function pendingSignInAddress(db: Database, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, magicLinkIdentifier(token)), gt(verification.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as { email?: unknown };
    return typeof parsed.email === "string" ? parsed.email : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with a link this browser did not ask for, after the visitor confirmed the address on
 * /auth/confirm-link (ADR 113). Better Auth verifies and consumes the link as usual; the proof header tells its
 * hook the visitor was asked. The answer is Better Auth's redirect (to the callback page, or its error) with
 * the session cookie.
 */
export async function confirmSignInLink(services: Services, input: { request: Request; token: string; next: unknown }): Promise<Response> {
  const headers = new Headers(input.request.headers);
  headers.set(LINK_CONFIRMED_HEADER, linkConfirmation(services.secret, input.token));
  return services.auth.api.magicLinkVerify({
    query: {
      token: input.token,
      callbackURL: `/auth/callback?next=${encodeURIComponent(safeRedirectPath(input.next))}`,
      errorCallbackURL: "/auth/callback",
    },
    headers,
    asResponse: true,
  });
}
