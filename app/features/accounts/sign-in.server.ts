import type { BrandMode } from "~/lib/brand-mode";
import type { Services } from "~/lib/context";
import { Conflict, InvalidInput, RateLimited, ServiceFailure } from "~/lib/http/errors";
import { safeRedirectPath } from "~/lib/http/redirect";
import type { Language } from "~/lib/i18n/languages";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { CLIENT_IP_HEADER } from "~/lib/auth.server";
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
  input: { form: FormData; request: Request; language: Language; clientIp: string; brandMode?: BrandMode },
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
    await services.auth.api.signInMagicLink({
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
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429) throw new RateLimited("errors.rateLimited");
    services.log.error({ err: error }, "sending the sign-in link failed");
    throw new ServiceFailure(502, "errors.sendFailed");
  }
  return { email };
}
