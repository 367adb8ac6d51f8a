import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { moderatorGrants } from "~schema";
import { getUser } from "~/features/accounts/index.server";
import { getServices, getVisitor } from "~/lib/context";
import type { Database } from "~/lib/database";
import { type Actor, CLI_ACTOR, writeAudit } from "./audit.server";

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** The normalised address, or null when it is not an e-mail address. */
export function normaliseEmail(raw: string): string | null {
  const parsed = emailSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function isModerator(db: Database, email: string | null | undefined): Promise<boolean> {
  const normal = email ? normaliseEmail(email) : null;
  if (!normal) return false;
  const rows = await db.select({ email: moderatorGrants.email }).from(moderatorGrants).where(eq(moderatorGrants.email, normal)).limit(1);
  return rows.length > 0;
}

export type GrantResult = { ok: true; email: string; changed: boolean } | { ok: false; error: "invalid_email" };

export async function grantModerator(db: Database, rawEmail: string, actor: Actor = CLI_ACTOR): Promise<GrantResult> {
  const email = normaliseEmail(rawEmail);
  if (!email) return { ok: false, error: "invalid_email" };
  const changed = await db.transaction(async (tx) => {
    const inserted = await tx.insert(moderatorGrants).values({ email, grantedBy: actor.email }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    await writeAudit(tx, actor, { action: "moderator_granted", targetType: "moderator", targetId: email });
    return true;
  });
  return { ok: true, email, changed };
}

export async function revokeModerator(db: Database, rawEmail: string, actor: Actor = CLI_ACTOR): Promise<GrantResult> {
  const email = normaliseEmail(rawEmail);
  if (!email) return { ok: false, error: "invalid_email" };
  const changed = await db.transaction(async (tx) => {
    const deleted = await tx.delete(moderatorGrants).where(eq(moderatorGrants.email, email)).returning();
    if (deleted.length === 0) return false;
    await writeAudit(tx, actor, { action: "moderator_revoked", targetType: "moderator", targetId: email });
    return true;
  });
  return { ok: true, email, changed };
}

/** ADMIN_EMAILS at boot: idempotent, never revokes (the CLI does that). */
export async function grantModerators(db: Database, emails: readonly string[]) {
  const granted: string[] = [];
  for (const email of emails) {
    const result = await grantModerator(db, email, { userId: null, email: "ADMIN_EMAILS" });
    if (result.ok && result.changed) granted.push(result.email);
  }
  return granted;
}

type GuardArgs = Parameters<typeof getUser>[0];

/** Where a moderator without a second factor in this session is sent before any desk page opens. */
export const DESK_NEEDS_TWO_FACTOR = "/my-account/security#two-factor";

/**
 * The moderation desk (`/admin`) answers 404 to anyone who is not a moderator in
 * adult mode, so its existence is not revealed, and sends a moderator whose session did not pass a second
 * factor to set one up. Returns the actor for the audit log.
 */
export async function requireModerator(args: GuardArgs): Promise<Actor> {
  if (getVisitor(args).brandMode === "conscious") throw data(null, { status: 404 });
  const user = await getUser(args);
  if (!user || !(await isModerator(getServices(args).db, user.email))) throw data(null, { status: 404 });
  // ADR 121: a moderator works only in a session opened with a second factor; without one set up, the
  // security page asks for it first.
  if (!user.twoFactor.enabled || !user.twoFactor.passed) throw redirect(DESK_NEEDS_TWO_FACTOR);
  return { userId: user.id, email: user.email };
}
