import { eq, or, sql } from "drizzle-orm";
import { account, clips, premiumTokens, profiles, session, usageSessions, user, userFlames, verification } from "../../../db/schema";
import type { Auth } from "~/lib/auth.server";
import type { Services } from "~/lib/context";
import type { Database } from "~/lib/db.server";
import { checkNewEmail, type ChangeEmailError } from "./change-email";
import { normaliseEmail } from "./sign-in";

/** SPEC 8: deletion fails with a message naming the step: likes, profile or the sign-in account. */
export type DeletionStep = "likes" | "profile" | "authUser";
export type DeletionResult = { ok: true } | { ok: false; step: DeletionStep; error: unknown };

/**
 * Deletes everything personal of a user in SPEC's order (likes, profile, auth
 * user) inside one transaction, so a failure leaves nothing half-deleted. The
 * foreign keys would cascade from `user`, but flames must take their clip's
 * count down with them, and each step is named for the error message.
 */
export async function deleteAccount(db: Database, userId: string): Promise<DeletionResult> {
  let step: DeletionStep = "likes";
  try {
    await db.transaction(async (tx) => {
      step = "likes";
      // Each (clip, user) pair is unique, so every liked clip loses exactly one flame.
      const removed = tx
        .$with("removed")
        .as(tx.delete(userFlames).where(eq(userFlames.userId, userId)).returning({ clipId: userFlames.clipId }));
      await tx
        .with(removed)
        .update(clips)
        .set({ flames: sql`greatest(${clips.flames} - 1, 0)` })
        .from(removed)
        .where(eq(clips.id, removed.clipId));

      step = "profile";
      await tx.delete(usageSessions).where(eq(usageSessions.userId, userId));
      await tx.delete(premiumTokens).where(eq(premiumTokens.userId, userId));
      await tx.delete(profiles).where(eq(profiles.id, userId));

      step = "authUser";
      const [current] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
      await tx.delete(session).where(eq(session.userId, userId));
      await tx.delete(account).where(eq(account.userId, userId));
      if (current) {
        // Pending magic links keep the address in their JSON value; other tokens name the user id.
        const inValue = `"email":${JSON.stringify(current.email)}`;
        await tx
          .delete(verification)
          .where(
            or(
              eq(verification.identifier, current.email),
              eq(verification.value, userId),
              sql`strpos(${verification.value}, ${inValue}) > 0`,
            ),
          );
      }
      await tx.delete(user).where(eq(user.id, userId));
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, step, error };
  }
}

/**
 * Set-Cookie headers that end the browser's session after a deletion. Better
 * Auth's sign-out clears every cookie it owns; should it refuse (the session
 * row is already gone), the cookies are expired by name.
 */
export async function signOutCookies(auth: Auth, headers: Headers, secure: boolean): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    const cookies = result.headers.getSetCookie();
    if (cookies.length) return cookies;
  } catch {
    // Fall through to expiring the cookies ourselves.
  }
  const prefix = secure ? "__Secure-spicy" : "spicy";
  return ["session_token", "session_data", "dont_remember"].map(
    (name) => `${prefix}.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}

export type EmailChangeResult = { ok: true; newEmail: string } | { ok: false; error: ChangeEmailError | "updateFailed"; status: number };

/**
 * Starts a change of e-mail (DESIGN: confirmed from the current inbox, then
 * verified from the new one); the address changes only after both links.
 */
export async function requestEmailChange(
  services: Pick<Services, "auth" | "log">,
  input: { currentEmail: string; newEmail: string; headers: Headers },
): Promise<EmailChangeResult> {
  const problem = checkNewEmail(input.newEmail, input.currentEmail);
  if (problem) return { ok: false, error: problem, status: 400 };
  const newEmail = normaliseEmail(input.newEmail);
  try {
    await services.auth.api.changeEmail({ body: { newEmail, callbackURL: "/my-account" }, headers: input.headers });
  } catch (error) {
    services.log.error({ err: error }, "starting a change of e-mail failed");
    // Better Auth's refusals carry their HTTP status; anything else is ours.
    const status = (error as { statusCode?: unknown }).statusCode;
    return { ok: false, error: "updateFailed", status: typeof status === "number" && status >= 400 && status < 500 ? status : 500 };
  }
  return { ok: true, newEmail };
}
