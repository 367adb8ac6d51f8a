import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins";
import { account, rateLimit, session, user, verification } from "../../db/schema";
import type { Database } from "./db.server";

/** The header the server sets to the client's address for Better Auth's rate limiter. */
export const CLIENT_IP_HEADER = "x-spicy-client-ip";

/** DESIGN 8 / issue 4: links are single-use and valid for one hour. */
export const MAGIC_LINK_TTL_SECONDS = 60 * 60;

export interface AuthMail {
  signInLink(input: { email: string; url: string; language: unknown; brandMode: unknown }): Promise<void>;
  /** Step 1 of a change of e-mail: confirm from the current inbox. */
  confirmEmailChange(input: { email: string; newEmail: string; url: string; request?: Request }): Promise<void>;
  /** Step 2: verify the new inbox. */
  verifyEmail(input: { email: string; url: string; request?: Request }): Promise<void>;
}

export interface AuthHooks {
  /** Runs after every new session (sign-in): profile creation, merging anonymous flames. */
  afterSignIn(input: { userId: string; request: { headers?: Headers } | null }): Promise<void>;
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
  /** Magic links one IP may ask for in 10 minutes (SIGN_IN_LIMIT_PER_IP); the same as the sign-in form's limit. */
  signInLimitPerIp: number;
}) {
  const options = {
    appName: "Spicy Clips",
    baseURL: input.origin,
    basePath: "/api/auth",
    secret: input.secret,
    trustedOrigins: [input.origin],
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
      useSecureCookies: input.origin.startsWith("https:"),
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
        sendMagicLink: ({ email, url, metadata }) =>
          input.mail.signInLink({ email, url, language: metadata?.language, brandMode: metadata?.brandMode }),
      }),
    ],
  } satisfies BetterAuthOptions;
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;
