import { eq, inArray, or, sql } from "drizzle-orm";
import {
  account,
  moderatorGrants,
  clips,
  contactMessages,
  contentClaims,
  contentReports,
  contentSubmissions,
  creatorPageEdits,
  jobs,
  moderationAudit,
  partnershipApplications,
  premiumActivations,
  profiles,
  requestLimits,
  session,
  takedownBlocks,
  takedownMatches,
  usageSessions,
  user,
  userFlames,
  verification,
} from "~schema";
import { ExpectedError, InvalidInput, ServiceFailure, type ExpectedStatus } from "~/lib/http/errors";
import type { Storage } from "~/lib/storage/storage.server";
import { rateLimitKey } from "~/lib/rate-limit.server";
import type { Auth } from "~/lib/auth.server";
import type { Services } from "~/lib/context";
import type { Database } from "~/lib/database";
import { checkNewEmail } from "./change-email";
import { normaliseEmail } from "./sign-in";
import { deleteSignals } from "~/features/signals/index.server";
import { deleteFollows } from "~/features/follows/index.server";

/** docs/product.md §8.6: deletion fails with a message naming the step: likes, profile or the sign-in account. */
export type DeletionStep = "likes" | "profile" | "authUser";

/** A deletion rolled back at `step` (500, worded in `account`, ADR 024); `cause` is the database's error. */
export class AccountDeletionFailed extends ServiceFailure {
  constructor(
    readonly step: DeletionStep,
    cause: unknown,
  ) {
    super(500, `delete.errors.${step}`);
    this.cause = cause;
  }
}

/** What the audit log and the takedown records keep in place of a deleted moderator (ADR 094). */
export const DELETED_ACTOR = "deleted-account";

/**
 * Deletes everything personal of a user in the order of docs/product.md §8.6 and ADR 006 (likes, profile, auth
 * user) inside one transaction, so a failure leaves nothing half-deleted and throws AccountDeletionFailed
 * naming the step. The foreign keys would cascade from `user`, but flames must take their clip's count down
 * with them, and follows their creator's follower count.
 */
export async function deleteAccount(db: Database, userId: string, extras: { storage?: Storage; secret?: string } = {}): Promise<void> {
  let step: DeletionStep = "likes";
  const uploads: string[] = [];
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
      await deleteFollows(tx as unknown as Database, userId);

      step = "profile";
      const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
      const email = (owner?.email ?? "").toLowerCase();
      // Form records (docs/decisions/094-account-deletion.md): the person's own, signed in or by address.
      const mine = <T extends { userId: unknown; email: unknown }>(table: T) =>
        or(eq(table.userId as never, userId), sql`lower(${table.email}) = ${email}`);
      const submissions = await tx
        .delete(contentSubmissions)
        .where(mine(contentSubmissions))
        .returning({ key: contentSubmissions.uploadKey });
      uploads.push(...submissions.map((s) => s.key).filter((k): k is string => Boolean(k)));
      // A page owner's proposals, and the avatars waiting in quarantine with them.
      const proposals = await tx
        .delete(creatorPageEdits)
        .where(eq(creatorPageEdits.userId, userId))
        .returning({ key: creatorPageEdits.avatarKey });
      uploads.push(...proposals.map((p) => p.key).filter((k): k is string => Boolean(k)));
      await tx.delete(contactMessages).where(mine(contactMessages));
      await tx.delete(contentReports).where(mine(contentReports));
      await tx.delete(contentClaims).where(mine(contentClaims));
      await tx.delete(partnershipApplications).where(mine(partnershipApplications));
      // Moderation: the grant goes; the audit trail and takedowns stay, without the person.
      await tx.delete(moderatorGrants).where(sql`lower(${moderatorGrants.email}) = ${email}`);
      await tx
        .update(moderatorGrants)
        .set({ grantedBy: DELETED_ACTOR })
        .where(sql`lower(${moderatorGrants.grantedBy}) = ${email}`);
      await tx
        .update(moderationAudit)
        .set({ actorUserId: null, actorEmail: DELETED_ACTOR })
        .where(or(eq(moderationAudit.actorUserId, userId), sql`lower(${moderationAudit.actorEmail}) = ${email}`));
      await tx
        .update(takedownBlocks)
        .set({ createdBy: DELETED_ACTOR })
        .where(sql`lower(${takedownBlocks.createdBy}) in (${email}, ${userId.toLowerCase()})`);
      await tx
        .update(takedownMatches)
        .set({ decidedBy: DELETED_ACTOR })
        .where(sql`lower(${takedownMatches.decidedBy}) in (${email}, ${userId.toLowerCase()})`);
      // Jobs that name the person (outcome e-mails to them, work they queued).
      await tx.delete(jobs).where(sql`strpos(lower(${jobs.payload}::text), ${email}) > 0 or strpos(${jobs.payload}::text, ${userId}) > 0`);
      if (extras.secret) {
        const keys = [`sign-in:email:${email}`, `usage:${userId}`, `promo:${userId}`].map((k) => rateLimitKey(extras.secret!, k));
        await tx.delete(requestLimits).where(inArray(requestLimits.key, keys));
      }
      await tx.delete(usageSessions).where(eq(usageSessions.userId, userId));
      await deleteSignals(tx as unknown as Database, { userId });
      await tx.delete(premiumActivations).where(eq(premiumActivations.userId, userId));
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
      // Again once the user row is gone: a signal commit that held it until now left its rows to the cascade, whose
      // triggers moved (and so kept) the version row.
      await deleteSignals(tx as unknown as Database, { userId });
    });
    // Files after the commit: a failed transaction keeps them with their records.
    for (const key of uploads) await extras.storage?.delete(key);
  } catch (error) {
    throw new AccountDeletionFailed(step, error);
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

/** Better Auth's refusals (401, 403…) keep their status; anything else is ours (500). */
const REFUSAL_STATUSES: readonly ExpectedStatus[] = [400, 401, 403, 404, 409, 429];

/**
 * Starts a change of e-mail (docs/product.md §8.5: confirmed from the current inbox, then verified from the
 * new one); the address changes only after both links. Answers the normalised new address; refusals are
 * expected errors worded in `account` (ADR 024): no new address or a bad one 400, Better Auth's refusal with
 * its status, any other failure 500 (logged here).
 */
export async function requestEmailChange(
  services: Pick<Services, "auth" | "log">,
  input: { currentEmail: string; newEmail: string; headers: Headers },
): Promise<{ newEmail: string }> {
  const problem = checkNewEmail(input.newEmail, input.currentEmail);
  if (problem) throw new InvalidInput(`email.${problem}`);
  const newEmail = normaliseEmail(input.newEmail);
  try {
    await services.auth.api.changeEmail({ body: { newEmail, callbackURL: "/my-account" }, headers: input.headers });
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 429) throw new ExpectedError(429, "email.tooMany");
    services.log.error({ err: error }, "starting a change of e-mail failed");
    const refusal = REFUSAL_STATUSES.find((s) => s === status);
    throw refusal ? new ExpectedError(refusal, "email.updateFailed") : new ServiceFailure(500, "email.updateFailed");
  }
  return { newEmail };
}
