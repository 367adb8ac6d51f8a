import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { magicLink, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import { account, rateLimit, session, twoFactor, user, verification } from "~schema";
import type { Database } from "./database";
import { HANDOFF_PATHS } from "./auth-handoff";
import { handoffPlugin } from "./auth-handoff.server";
import { readCookie, secureCookies } from "./cookies";
import { safeRedirectPath } from "./http/redirect";
import { LANGUAGE_COOKIE, negotiateLanguage } from "./i18n/languages";
import { serverT } from "./i18n/server";
import { takeRateLimit } from "./rate-limit.server";

/** The header the server sets to the client's address for Better Auth's rate limiter. */
export const CLIENT_IP_HEADER = "x-spicy-client-ip";

/** docs/product.md §8.1, §15.2: at most 3 links per e-mail address in 10 minutes; SIGN_IN_LIMIT_PER_IP per client address. */
export const SIGN_IN_LIMITS = { perEmail: { window: 600, max: 3 }, perIp: { window: 600 } };

/**
 * Links one client address may open in a minute: 20, or a tenth of the links it may ask for in 10 minutes when the
 * operator raised that (many people behind one address), so each link asked for can be opened.
 */
export const verifyLimitPerMinute = (signInLimitPerIp: number) => Math.max(20, Math.ceil(signInLimitPerIp / 10));

/** docs/product.md §8.5: a member may ask to change their address 5 times an hour, whichever way they ask. */
export const CHANGE_EMAIL_LIMIT = { window: 3600, max: 5 };

const CALLBACK_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL"] as const;

/** Where a member with two-factor authentication proves the second factor after the sign-in link (ADR 121). */
export const TWO_FACTOR_PAGE = "/auth/two-factor";

/** How long the challenge after a sign-in link stays open. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/** The endpoints that open a session with a second factor: such a session is marked as having passed it. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * Endpoints only the site's own pages call (through `auth.api`), never a browser directly: the changes are
 * mailed to the account's address and follow the site's rules (moderators keep two-factor on), which a direct
 * request would skip; the reads answer with the full address, the session token and every session's address
 * and browser, which no script on a page may see (a page shows only what it shows, ADR 115).
 */
const PAGE_ONLY_PATHS =
  /^\/(?:two-factor\/|revoke-(?:session|sessions|other-sessions)$|get-session$|list-sessions$|list-accounts$|account-info$)/;

/** docs/product.md §8.1, ADR 003: links are single-use and valid for one hour. */
export const MAGIC_LINK_TTL_SECONDS = 60 * 60;

/**
 * Login CSRF through a sign-in link (ADR 113): the link works at once only in the browser that asked for it.
 * That browser gets a random value in this cookie (HttpOnly, SameSite=Lax, one hour); its HMAC is stored beside
 * the link's verification row. Anywhere else, opening the link leads to /auth/confirm-link, which names the
 * address and asks; confirming signs in without merging that browser's anonymous data.
 */
export const LINK_BINDING_COOKIE = "link_binding";
/** Sent by the confirmation page's own server-side call only: HMAC(secret, token), never shown to a client. */
export const LINK_CONFIRMED_HEADER = "x-spicy-link-confirmed";
/** The confirmation page a link opened elsewhere leads to. */
export const CONFIRM_LINK_PATH = "/auth/confirm-link";

const keyed = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** The verification row that holds a link's binding: keyed by the SHA-256 of the token, like the link's own row. */
const bindingIdentifier = (token: string) => `magic-link-binding:${createHash("sha256").update(token).digest("base64url")}`;
/** The identifier under which Better Auth's magic-link plugin (storeToken: "hashed") keeps a link. */
export const magicLinkIdentifier = (token: string) => `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
/** The proof the confirmation page sends with its call: only the server can make it. */
export const linkConfirmation = (secret: string, token: string) => keyed(secret, "magic-link-confirmed", token);

interface LinkContext {
  context: {
    internalAdapter: { findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null> };
    createAuthCookie(name: string): { name: string };
  };
}

/** True when this request carries the binding cookie of the browser that asked for the link `token`. */
async function linkBound(ctx: LinkContext, secret: string, token: string, cookieHeader: string | null | undefined): Promise<boolean> {
  const value = readCookie(cookieHeader, ctx.context.createAuthCookie(LINK_BINDING_COOKIE).name);
  if (!value) return false;
  const row = await ctx.context.internalAdapter.findVerificationValue(bindingIdentifier(token));
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  return sameText(row.value, keyed(secret, "magic-link-binding", value));
}

export interface AuthMail {
  /** The magic-link e-mail (docs/product.md §8.1, ADR 003). */
  magicLinkEmail(input: { email: string; url: string; language: unknown; brandMode: unknown }): Promise<void>;
  /** Step 1 of a change of e-mail: confirm from the current inbox. */
  confirmEmailChange(input: { email: string; newEmail: string; url: string; request?: Request }): Promise<void>;
  /** Step 2: verify the new inbox. */
  verifyEmail(input: { email: string; url: string; request?: Request }): Promise<void>;
  /** Step 2 when the new address already has an account: its owner is told, with no link that could take it. */
  addressInUse(input: { email: string; signInUrl: string; request?: Request }): Promise<void>;
}

export interface AuthHooks {
  /**
   * Runs after every new session (sign-in): profile creation and, when `mergeAnonymous`, merging the browser's
   * anonymous flames (false for a sign-in link opened in a browser that did not ask for it).
   */
  afterSignIn(input: { userId: string; request: { headers?: Headers } | null; mergeAnonymous: boolean }): Promise<void>;
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

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Better Auth answers a change to an address that already has an account with success but sends nothing, so the
 * asker's own inbox would tell them whether the address is registered. The same confirmation is sent here; its
 * link leads to step 2, where the address's owner gets a notice instead of a link (sendVerificationEmail).
 */
async function confirmEvenWhenTaken(ctx: AfterHookContext, mail: AuthMail): Promise<void> {
  const returned = ctx.context.returned as { status?: unknown } | undefined;
  if (!returned || returned instanceof Error || returned.status !== true) return;
  const asking = ctx.context.session ?? (await getSessionFromCtx(ctx));
  const body = (ctx.body ?? {}) as { newEmail?: unknown; callbackURL?: unknown };
  if (!asking || typeof body.newEmail !== "string") return;
  const newEmail = body.newEmail.toLowerCase();
  const holder = await ctx.context.internalAdapter.findUserByEmail(newEmail);
  if (!holder || holder.user.id === asking.user.id) return;
  const token = await createEmailVerificationToken(
    ctx.context.secret,
    asking.user.email,
    newEmail,
    ctx.context.options.emailVerification?.expiresIn,
    { requestType: "change-email-confirmation", userId: asking.user.id },
  );
  const callbackURL = encodeURIComponent(typeof body.callbackURL === "string" ? body.callbackURL : "/");
  const url = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${callbackURL}`;
  await mail.confirmEmailChange({ email: asking.user.email, newEmail, url, request: ctx.request });
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
  /** Where sessions are handed between the adult site and Conscious Mode's own host (ADR 122). */
  handoff?: { adultOrigin: string; companionOrigin: string | null };
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
    database: drizzleAdapter(input.db, { provider: "pg", schema: { user, session, account, verification, rateLimit, twoFactor } }),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: { twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user: current, newEmail, url }, request) =>
          input.mail.confirmEmailChange({ email: current.email, newEmail, url, request }),
      },
    },
    emailVerification: {
      expiresIn: MAGIC_LINK_TTL_SECONDS,
      // Step 2 of a change of e-mail goes to the new address; when another account holds it, its owner gets a
      // notice instead of a link, so step 1 can look the same for every address (no account enumeration).
      sendVerificationEmail: async ({ user: current, url }, request) => {
        const [owner] = await input.db
          .select({ id: user.id })
          .from(user)
          .where(sql`lower(${user.email}) = ${current.email.toLowerCase()}`);
        if (owner && owner.id !== current.id) {
          return input.mail.addressInUse({ email: current.email, signInUrl: new URL("/auth/sign-in", url).href, request });
        }
        return input.mail.verifyEmail({ email: current.email, url, request });
      },
    },
    hooks: {
      // Wherever a sign-in link is requested — the site's form (through auth.api) or a direct POST to
      // /api/auth/sign-in/magic-link — the same per-address limits and same-site callbacks apply (ADR 093).
      before: createAuthMiddleware(async (ctx) => {
        // A browser's own request has `ctx.request`; the pages' calls through `auth.api` do not.
        if (ctx.request && PAGE_ONLY_PATHS.test(ctx.path)) throw new APIError("NOT_FOUND");
        if (ctx.path === "/magic-link/verify") {
          const query = (ctx.query ?? {}) as Record<string, unknown>;
          const token = typeof query.token === "string" ? query.token : "";
          if (!token) return;
          const headers = ctx.headers ?? ctx.request?.headers;
          const confirmed = sameText(headers?.get(LINK_CONFIRMED_HEADER) ?? "", linkConfirmation(input.secret, token));
          if (confirmed || (await linkBound(ctx, input.secret, token, headers?.get("cookie")))) return;
          // An unknown, used or expired link gets Better Auth's own error; only a live one is worth asking about.
          const pending = await ctx.context.internalAdapter.findVerificationValue(magicLinkIdentifier(token));
          if (!pending || pending.expiresAt.getTime() < Date.now()) return;
          const callback = typeof query.callbackURL === "string" && URL.canParse(query.callbackURL, input.origin) ? query.callbackURL : "/";
          const next = safeRedirectPath(new URL(callback, input.origin).searchParams.get("next"));
          throw ctx.redirect(`${CONFIRM_LINK_PATH}?${new URLSearchParams({ token, next })}`);
        }
        if (ctx.path === "/change-email") {
          const asking = await getSessionFromCtx(ctx);
          if (!asking) return;
          if (!(await takeRateLimit({ db: input.db, secret: input.secret }, `change-email:${asking.user.id}`, CHANGE_EMAIL_LIMIT))) {
            throw new APIError("TOO_MANY_REQUESTS", { message: "Too many changes of e-mail", code: "CHANGE_EMAIL_RATE_LIMITED" });
          }
          return;
        }
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
      // A sign-in link opens a session at once; for a member with two-factor authentication that session is
      // withdrawn and the browser is sent to the challenge, as the plugin does for password sign-ins (ADR 121).
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/change-email") return confirmEvenWhenTaken(ctx, input.mail);
        if (ctx.path !== "/magic-link/verify") return;
        const created = ctx.context.newSession;
        if (!created || !(created.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
        deleteSessionCookie(ctx, true);
        await ctx.context.internalAdapter.deleteSession(created.session.token);
        ctx.context.setNewSession(null);
        const challenge = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
        const identifier = `2fa-${crypto.randomUUID()}`;
        const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
        await ctx.context.internalAdapter.createVerificationValue({ value: created.user.id, identifier, expiresAt });
        await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
        await ctx.setSignedCookie(challenge.name, identifier, ctx.context.secret, challenge.attributes);
        const callback = typeof ctx.query?.callbackURL === "string" ? safeRedirectPath(ctx.query.callbackURL, "/") : "/";
        throw ctx.redirect(`${TWO_FACTOR_PAGE}?next=${encodeURIComponent(callback)}`);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/magic-link": { window: 60 * 10, max: input.signInLimitPerIp },
        // Opening links: 20 a minute, or the pace of the links the address may ask for when that is more.
        "/magic-link/verify": { window: 60, max: verifyLimitPerMinute(input.signInLimitPerIp) },
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
          // A hand-off carries the second factor the adult site's session passed (ADR 122); nothing else sets it.
          before: async (created, context) => {
            const path = context?.path ?? "";
            const handedOn = path === HANDOFF_PATHS.finish && (created as { twoFactorVerified?: boolean }).twoFactorVerified === true;
            return { data: { ...created, twoFactorVerified: SECOND_FACTOR_PATHS.has(path) || handedOn } };
          },
          after: async (created, context) => {
            // A sign-in link's session for a member with two-factor authentication is withdrawn at once (hooks.after):
            // nothing is merged into the account before the second factor.
            if (context?.path === "/magic-link/verify" && (await twoFactorEnabled(input.db, created.userId))) return;
            const headers = context?.headers ?? context?.request?.headers;
            const token = (context?.query as Record<string, unknown> | undefined)?.token;
            const fromLink = context?.path === "/magic-link/verify";
            // Conscious Mode's host holds no anonymous adult data to merge.
            const handedOn = context?.path === HANDOFF_PATHS.finish;
            const mergeAnonymous =
              !handedOn &&
              (!fromLink || (typeof token === "string" && (await linkBound(context, input.secret, token, headers?.get("cookie")))));
            await input.hooks.afterSignIn({ userId: created.userId, request: context ? { headers } : null, mergeAnonymous });
          },
        },
      },
    },
    plugins: [
      handoffPlugin({
        secret: input.secret,
        adultOrigin: input.handoff?.adultOrigin ?? input.origin,
        companionOrigin: input.handoff?.companionOrigin ?? null,
      }),
      // Authenticator apps (TOTP) and backup codes (ADR 121). Sign-in has no password: the site's pages ask for a
      // code instead where the plugin would ask for the password.
      twoFactorPlugin({
        allowPasswordless: true,
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        totpOptions: { digits: 6, period: 30 },
      }),
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        storeToken: "hashed",
        // The link opens on the brand host the visitor asked from (ADR 070), not always on PUBLIC_URL.
        sendMagicLink: async ({ email, url, token, metadata }, ctx) => {
          const headers = ctx?.headers ?? ctx?.request?.headers;
          if (ctx) {
            // The asking browser keeps one binding for every link it asks for in the hour.
            const cookie = ctx.context.createAuthCookie(LINK_BINDING_COOKIE, { maxAge: MAGIC_LINK_TTL_SECONDS });
            const held = readCookie(headers?.get("cookie"), cookie.name);
            const binding = held && /^[\w-]{43}$/.test(held) ? held : randomBytes(32).toString("base64url");
            await ctx.context.internalAdapter.createVerificationValue({
              identifier: bindingIdentifier(token),
              value: keyed(input.secret, "magic-link-binding", binding),
              expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_SECONDS * 1000),
            });
            ctx.setCookie(cookie.name, binding, cookie.attributes);
          }
          await input.mail.magicLinkEmail({
            email,
            url: onOrigin(url, input.originFor?.(headers)),
            language: metadata?.language,
            brandMode: metadata?.brandMode,
          });
        },
      }),
    ],
  } satisfies BetterAuthOptions;
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

async function twoFactorEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on ?? false;
}
