import type { BrandMode } from "~/lib/brand-mode";
import type { Services } from "~/lib/context";
import { safeRedirectPath } from "~/lib/http/redirect";
import type { Language } from "~/lib/i18n/languages";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { isUsernameTaken } from "./profiles.server";
import { checkSignIn, normaliseEmail } from "./sign-in";

export type SignInResult =
  | { ok: true; email: string }
  | {
      ok: false;
      error: "emailRequired" | "emailInvalid" | "usernameShort" | "usernameTaken" | "rateLimited" | "sendFailed";
      status: number;
    };

/** Per issue 4: at most 3 links per e-mail address in 10 minutes, and SIGN_IN_LIMIT_PER_IP (10) per IP. */
export const SIGN_IN_LIMITS = { perEmail: { window: 600, max: 3 }, perIp: { window: 600 } };

/** Sends a magic link (creating the account on first use), after our own checks and limits. */
export async function requestSignInLink(
  services: Services,
  input: { form: FormData; request: Request; language: Language; clientIp: string; brandMode?: BrandMode },
): Promise<SignInResult> {
  const mode = input.form.get("mode") === "signup" ? "signup" : "signin";
  const email = normaliseEmail(String(input.form.get("email") ?? ""));
  const username = String(input.form.get("username") ?? "").trim();
  const problem = checkSignIn({ email, mode, username });
  if (problem) return { ok: false, error: problem, status: 400 };
  if (mode === "signup" && username && (await isUsernameTaken(services.db, username))) {
    return { ok: false, error: "usernameTaken", status: 409 };
  }

  const allowed =
    (await takeRateLimit(services.db, `sign-in:ip:${input.clientIp}`, {
      ...SIGN_IN_LIMITS.perIp,
      max: services.env.SIGN_IN_LIMIT_PER_IP,
    })) && (await takeRateLimit(services.db, `sign-in:email:${email}`, SIGN_IN_LIMITS.perEmail));
  if (!allowed) return { ok: false, error: "rateLimited", status: 429 };

  const next = safeRedirectPath(input.form.get("next"));
  try {
    await services.auth.api.signInMagicLink({
      body: {
        email,
        name: mode === "signup" ? username : undefined,
        callbackURL: `/auth/callback?next=${encodeURIComponent(next)}`,
        errorCallbackURL: "/auth/callback",
        // The e-mail names the site the visitor is on (the companion site's visitors never read the adult brand).
        metadata: { language: input.language, brandMode: input.brandMode ?? "adult" },
      },
      headers: input.request.headers,
    });
  } catch (error) {
    services.log.error({ err: error }, "sending the sign-in link failed");
    return { ok: false, error: "sendFailed", status: 502 };
  }
  return { ok: true, email };
}
