import { isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { renderSVG } from "uqr";
import { session, twoFactor, user } from "~schema";
import type { Services } from "~/lib/context";
import type { Database } from "~/lib/database";
import { ExpectedError, InvalidInput } from "~/lib/http/errors";

// Two-factor authentication through Better Auth's own plugin (ADR 121). The plugin's endpoints are called
// here through `auth.api` only (a browser's direct request to them is refused in app/lib/auth.server.ts),
// so every change goes through the pages, which mail it to the account's address.

type Auth = Services["auth"];

/** Where a member's two-factor authentication stands: off, set up but not yet confirmed with a code, or on. */
export type TwoFactorStatus = "off" | "pending" | "on";

export async function twoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled, verified: twoFactor.verified })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (row?.enabled) return "on";
  return row?.verified === false ? "pending" : "off";
}

/** What the setup shows: the QR code of the otpauth URI, and its secret for typing in by hand. */
export interface TotpSetup {
  qrSvg: string;
  secret: string;
  uri: string;
}

function setupOf(uri: string): TotpSetup {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  // Groups of four, as authenticator apps show them; the apps ignore the spaces.
  return { qrSvg: renderSVG(uri, { border: 2 }), secret: secret.replace(/(.{4})/g, "$1 ").trim(), uri };
}

/** A six-digit code as typed (spaces and dashes allowed), or the translated 400. */
export function appCode(raw: string): string {
  const code = raw.replace(/[\s-]/g, "");
  if (!/^\d{6}$/.test(code)) throw new InvalidInput("twoFactor.errors.codeFormat", {}, "code");
  return code;
}

/** A backup code as typed, or the translated 400. */
export function backupCode(raw: string): string {
  const code = raw.trim();
  if (!/^[A-Za-z0-9-]{6,32}$/.test(code)) throw new InvalidInput("twoFactor.errors.backupFormat", {}, "code");
  return code;
}

/** Better Auth's refusals as the pages' translated messages; anything else is not ours to explain. */
function translated(error: unknown): never {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") throw new ExpectedError(400, "twoFactor.errors.wrongCode", {}, "code");
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "INVALID_TWO_FACTOR_COOKIE")
      throw new ExpectedError(401, "twoFactor.errors.challengeOver");
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") throw new ExpectedError(429, "twoFactor.errors.locked");
    if (code === "SESSION_NOT_FRESH") throw new ExpectedError(403, "twoFactor.errors.notFresh");
    if (code === "TOTP_ALREADY_ENABLED") throw new ExpectedError(409, "twoFactor.errors.alreadyOn");
    if (code === "TOTP_NOT_ENABLED" || code === "TWO_FACTOR_NOT_ENABLED") throw new ExpectedError(409, "twoFactor.errors.notOn");
  }
  throw error;
}

/** Starts the setup: a new secret, not yet in force until a code from the app confirms it. */
export async function startSetup(auth: Auth, headers: Headers): Promise<TotpSetup> {
  const started = await auth.api.enableTwoFactor({ body: {}, headers }).catch(translated);
  if (!("totpURI" in started) || !started.totpURI) throw new Error("the two-factor plugin answered no TOTP URI");
  return setupOf(started.totpURI);
}

/** The setup begun and not yet confirmed, shown again (a reload, another visit). */
export async function pendingSetup(auth: Auth, headers: Headers): Promise<TotpSetup> {
  const { totpURI } = await auth.api.getTOTPURI({ body: {}, headers }).catch(translated);
  return setupOf(totpURI);
}

/**
 * Confirms the setup with a code from the app: two-factor is on, and Better Auth replaces this browser's session
 * with one that passed it (its cookies are in `setCookies`); every other session of the member ends. Answers
 * the backup codes, shown once.
 */
export async function confirmSetup({ auth, db }: Pick<Services, "auth" | "db">, input: { headers: Headers; userId: string; code: string }) {
  const confirmed = await auth.api
    .verifyTOTP({ body: { code: appCode(input.code) }, headers: input.headers, returnHeaders: true })
    .catch(translated);
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: input.userId } });
  // Every other session was opened without the second factor: none of them outlives the switch.
  await db.delete(session).where(and(eq(session.userId, input.userId), eq(session.twoFactorVerified, false)));
  return { setCookies: confirmed.headers.getSetCookie(), backupCodes };
}

/** New backup codes; the old ones stop working. */
export async function renewBackupCodes(auth: Auth, headers: Headers): Promise<string[]> {
  const { backupCodes } = await auth.api.generateBackupCodes({ body: {}, headers }).catch(translated);
  return backupCodes;
}

/** Turns two-factor off, after a current code from the app; answers the replaced session's cookies. */
export async function turnOff(auth: Auth, input: { headers: Headers; code: string }): Promise<string[]> {
  await auth.api.verifyTOTP({ body: { code: appCode(input.code) }, headers: input.headers }).catch(translated);
  const off = await auth.api.disableTwoFactor({ body: {}, headers: input.headers, returnHeaders: true }).catch(translated);
  return off.headers.getSetCookie();
}

/**
 * The challenge after a sign-in link: a code from the app or a backup code opens the session (its cookies
 * are answered). Five wrong codes end the challenge; ten in a row lock the account for 15 minutes (the plugin).
 */
export async function passChallenge(auth: Auth, input: { headers: Headers; code: string; kind: "app" | "backup" }): Promise<string[]> {
  const passed =
    input.kind === "app"
      ? await auth.api.verifyTOTP({ body: { code: appCode(input.code) }, headers: input.headers, returnHeaders: true }).catch(translated)
      : await auth.api
          .verifyBackupCode({ body: { code: backupCode(input.code) }, headers: input.headers, returnHeaders: true })
          .catch(translated);
  return passed.headers.getSetCookie();
}
