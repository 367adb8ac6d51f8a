import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { magicLink } from "better-auth/plugins";
import { account, rateLimit, session, user, verification } from "../../db/schema";
import type { Database } from "./db.server";
import { readCookie, secureCookies } from "./cookies";
import { safeRedirectPath } from "./http/redirect";
import { LANGUAGE_COOKIE, negotiateLanguage } from "./i18n/languages";
import { serverT } from "./i18n/server";
import { takeRateLimit } from "./rate-limit.server";

/** The header the server sets to the client's address for Better Auth's rate limiter. */
export const CLIENT_IP_HEADER = "x-spicy-client-ip";

/** docs/product.md §8.1, §15.2: at most 3 links per e-mail address in 10 minutes; SIGN_IN_LIMIT_PER_IP per client address. */
export const SIGN_IN_LIMITS = { perEmail: { window: 600, max: 3 }, perIp: { window: 600 } };

const CALLBACK_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL"] as const;

/** docs/product.md §8.1, ADR 003: links are single-use and valid for one hour. */
export const MAGIC_LINK_TTL_SECONDS = 60 * 60;

export interface AuthMail {
  /** The magic-link e-mail (docs/product.md §8.1, ADR 003). */
  magicLinkEmail(input: { email: string; url: string; language: unknown; brandMode: unknown }): Promise<void>;
  /** Step 1 of a change of e-mail: confirm from the current inbox. */
  confirmEmailChange(input: { email: string; newEmail: string; url: string; request?: Request }): Promise<void>;
  /** Step 2: verify the new inbox. */
  verifyEmail(input: { email: string; url: string; request?: Request }): Promise<void>;
}

export interface AuthHooks {
  /** Runs after every new session (sign-in): profile creation, merging anonymous flames. */
  afterSignIn(input: { userId: string; request: { headers?: Headers } | null }): Promise<void>;
}

/** `url` moved to `origin` (path, query and fragment kept). */
function onOrigin(url: string, origin: string | undefined): string {
  if (!origin) return url;
  const moved = new URL(url);
  return `${origin}${moved.pathname}${moved.search}${moved.hash}`;
}

/** The request's Origin when its host is the Host the request was sent to; else null. */
function sameHostOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  const host = request.headers.get("host");
  if (!origin || !host || !URL.canParse(origin)) return null;
  return new URL(origin).host === host.toLowerCase() ? new URL(origin).origin : null;
}

/**
 * Better Auth with its Drizzle adapter and the magic-link plugin
 * (docs/decisions/003-better-auth-cookie-sessions.md). Sessions are database
 * rows behind an HttpOnly, SameSite=Lax cookie; Secure when the site is HTTPS.
 */
export function createAuth(input: {
  db: Database;
  secret: string;
  origin: string;
  mail: AuthMail;
  hooks: AuthHooks;
  /** The public origin for a request's headers (app/lib/site-origin.server.ts); PUBLIC_URL when absent. */
  originFor?: (headers: Headers | undefined) => string;
  /** Other public origins of the site (Conscious Mode's, ADR 070). */
  siteOrigins?: string[];
  /** Magic links one IP may ask for in 10 minutes (SIGN_IN_LIMIT_PER_IP); the same as the sign-in form's limit. */
  signInLimitPerIp: number;
}) {
  const options = {
    appName: "Spicy Clips",
    baseURL: input.origin,
    basePath: "/api/auth",
    secret: input.secret,
    // The public origins, and the page's own origin when it names the host it was sent to (the same
    // rule as server/same-origin.ts, which has already refused every other state-changing request).
    trustedOrigins: (request?: Request) => [input.origin, ...(input.siteOrigins ?? []), request ? sameHostOrigin(request) : null],
    database: drizzleAdapter(input.db, { provider: "pg", schema: { user, session, account, verification, rateLimit } }),
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user: current, newEmail, url }, request) =>
          input.mail.confirmEmailChange({ email: current.email, newEmail, url, request }),
      },
    },
    emailVerification: {
      expiresIn: MAGIC_LINK_TTL_SECONDS,
      sendVerificationEmail: ({ user: current, url }, request) => input.mail.verifyEmail({ email: current.email, url, request }),
    },
    hooks: {
      // Wherever a sign-in link is requested — the site's form (through auth.api) or a direct POST to
      // /api/auth/sign-in/magic-link — the same per-address limits and same-site callbacks apply (ADR 093).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/magic-link") return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const headers = ctx.headers ?? ctx.request?.headers;
        const t = await serverT(
          negotiateLanguage(readCookie(headers?.get("cookie"), LANGUAGE_COOKIE), headers?.get("accept-language") ?? null),
          "accounts",
        );
        for (const field of CALLBACK_FIELDS) {
          const value = body[field];
          if (value !== undefined && (typeof value !== "string" || safeRedirectPath(value, "") !== value)) {
            throw new APIError("BAD_REQUEST", { message: t("errors.callbackInvalid"), code: "CALLBACK_NOT_SAME_SITE" });
          }
        }
        const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
        const clientIp = headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        const store = { db: input.db, secret: input.secret };
        const allowed =
          (await takeRateLimit(store, `sign-in:ip:${clientIp}`, { ...SIGN_IN_LIMITS.perIp, max: input.signInLimitPerIp })) &&
          (await takeRateLimit(store, `sign-in:email:${email}`, SIGN_IN_LIMITS.perEmail));
        if (!allowed) throw new APIError("TOO_MANY_REQUESTS", { message: t("errors.rateLimited"), code: "RATE_LIMITED" });
      }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/magic-link": { window: 60 * 10, max: input.signInLimitPerIp },
        "/magic-link/verify": { window: 60, max: 20 },
        "/change-email": { window: 60 * 10, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secureCookies(input.origin),
      cookiePrefix: "spicy",
      // Explicit, so tests (NODE_ENV=test) run the same origin and callback checks as production.
      disableOriginCheck: false,
    },
    databaseHooks: {
      session: {
        create: {
          after: async (created, context) => {
            await input.hooks.afterSignIn({ userId: created.userId, request: context ? { headers: context.headers } : null });
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        storeToken: "hashed",
        // The link opens on the brand host the visitor asked from (ADR 070), not always on PUBLIC_URL.
        sendMagicLink: ({ email, url, metadata }, ctx) =>
          input.mail.magicLinkEmail({
            email,
            url: onOrigin(url, input.originFor?.(ctx?.headers ?? ctx?.request?.headers)),
            language: metadata?.language,
            brandMode: metadata?.brandMode,
          }),
      }),
    ],
  } satisfies BetterAuthOptions;
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;
