import { and, asc, eq, getTableColumns, gt, or, sql } from "drizzle-orm";
import { creatorPageEdits, creators, user } from "~schema";
import type { StoredUpload } from "~/features/forms/index.server";
import { writeAudit, type Actor } from "~/features/moderation/index.server";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput, NotFound } from "~/lib/http/errors";
import { exactTime } from "~/lib/keyset";
import { copyObject, type Storage } from "~/lib/storage/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { ownedCreator } from "./claims.server";
import type { PageEdit } from "./page-edit.schema";

/**
 * Owners edit their page through the desk (docs/decisions/172-owners-edit-their-page-through-the-desk.md): a proposal
 * waits in creator_page_edits (its avatar in quarantine) and only a moderator's approval copies it onto the creator,
 * audited in the same transaction; the creators' cache-generation trigger makes it show on the next request.
 */

export const PAGE_EDIT_QUEUE_SIZE = 20;

/** The fields a proposal may change, as the creators table names them. */
const FIELDS = ["bio", "bioEs", "twitterProfileUrl", "websiteUrl"] as const;
type PageFields = Record<(typeof FIELDS)[number], string | null>;

const orNull = (value: string) => (value === "" ? null : value);

export interface OwnerPage {
  slug: string;
  name: string;
  current: PageFields & { avatarKey: string | null };
  /** The proposal waiting for a moderator, if any. */
  waiting: (PageFields & { id: string; avatar: boolean; createdAt: string }) | null;
}

/** The page a member runs, as their edit form shows it: what is public and what waits. Null when they do not run it. */
export async function ownerPage(db: Database, userId: string, slug: string): Promise<OwnerPage | null> {
  const owned = await ownedCreator(db, userId, slug);
  if (!owned) return null;
  const [[current], [waiting]] = await Promise.all([
    db
      .select({
        bio: creators.bio,
        bioEs: creators.bioEs,
        twitterProfileUrl: creators.twitterProfileUrl,
        websiteUrl: creators.websiteUrl,
        avatarKey: creators.avatarKey,
      })
      .from(creators)
      .where(eq(creators.id, owned.id)),
    db
      .select({
        id: creatorPageEdits.id,
        bio: creatorPageEdits.bio,
        bioEs: creatorPageEdits.bioEs,
        twitterProfileUrl: creatorPageEdits.twitterProfileUrl,
        websiteUrl: creatorPageEdits.websiteUrl,
        avatarKey: creatorPageEdits.avatarKey,
        createdAt: exactTime(creatorPageEdits.createdAt),
      })
      .from(creatorPageEdits)
      .where(and(eq(creatorPageEdits.creatorId, owned.id), eq(creatorPageEdits.status, "pending"))),
  ]);
  if (!current) return null;
  return {
    slug: owned.slug,
    name: owned.name,
    current,
    waiting: waiting ? { ...waiting, avatar: waiting.avatarKey !== null } : null,
  };
}

/**
 * Records the owner's proposal; one waits per creator, so a new one replaces the one waiting (a new avatar replaces
 * its avatar, no new avatar keeps it). NotFound (404) when the member does not run the page. The caller deletes the
 * uploaded file when this throws; replaced quarantined files are deleted here after the commit.
 */
export async function proposePageEdit(
  db: Database,
  storage: Storage,
  input: { userId: string; edit: PageEdit; avatar: StoredUpload | null },
): Promise<{ id: string }> {
  const owned = await ownedCreator(db, input.userId, input.edit.creator || null);
  if (!owned || (input.edit.creator && owned.slug !== input.edit.creator)) throw new NotFound("page.errors.notOwner");
  const fields: PageFields = {
    bio: orNull(input.edit.bio),
    bioEs: orNull(input.edit.bioEs),
    twitterProfileUrl: orNull(input.edit.twitterUrl),
    websiteUrl: orNull(input.edit.websiteUrl),
  };
  const avatar = input.avatar ? { avatarKey: input.avatar.key, avatarType: input.avatar.type } : {};
  const { id, replaced } = await db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ id: creatorPageEdits.id, avatarKey: creatorPageEdits.avatarKey })
      .from(creatorPageEdits)
      .where(and(eq(creatorPageEdits.creatorId, owned.id), eq(creatorPageEdits.status, "pending")))
      .for("update");
    if (waiting) {
      await tx
        .update(creatorPageEdits)
        .set({ ...fields, ...avatar, userId: input.userId, createdAt: new Date() })
        .where(eq(creatorPageEdits.id, waiting.id));
      return { id: waiting.id, replaced: input.avatar ? waiting.avatarKey : null };
    }
    const [row] = await tx
      .insert(creatorPageEdits)
      .values({ creatorId: owned.id, userId: input.userId, ...fields, ...avatar })
      .onConflictDoNothing()
      .returning({ id: creatorPageEdits.id });
    // Another request of the owner's inserted first: theirs waits, this one is refused rather than lost silently.
    if (!row) throw new Conflict("page.errors.busy");
    return { id: row.id, replaced: null };
  });
  if (replaced) await storage.delete(replaced);
  return { id };
}

export interface WaitingPageEdit {
  id: string;
  createdAt: string;
  memberEmail: string;
  creator: { slug: string; name: string };
  /** Each field that would change: what is public now and what is proposed. */
  changes: { field: (typeof FIELDS)[number]; now: string | null; proposed: string | null }[];
  avatar: boolean;
  /** What the moderator saw (the proposal's time): deciding a newer one is refused. */
  version: string;
}

/** The desk's queue: proposals waiting, oldest first, one keyset page of creator_page_edits_pending_idx. */
export async function waitingPageEdits(db: Database, after: { at: string; id: string } | null) {
  const rows = await db
    .select({
      id: creatorPageEdits.id,
      createdAt: exactTime(creatorPageEdits.createdAt),
      memberEmail: user.email,
      slug: creators.slug,
      name: creators.name,
      proposed: {
        bio: creatorPageEdits.bio,
        bioEs: creatorPageEdits.bioEs,
        twitterProfileUrl: creatorPageEdits.twitterProfileUrl,
        websiteUrl: creatorPageEdits.websiteUrl,
      },
      now: {
        bio: creators.bio,
        bioEs: creators.bioEs,
        twitterProfileUrl: creators.twitterProfileUrl,
        websiteUrl: creators.websiteUrl,
      },
      avatarKey: creatorPageEdits.avatarKey,
    })
    .from(creatorPageEdits)
    .innerJoin(creators, eq(creators.id, creatorPageEdits.creatorId))
    .innerJoin(user, eq(user.id, creatorPageEdits.userId))
    .where(
      and(
        eq(creatorPageEdits.status, "pending"),
        after
          ? or(
              gt(creatorPageEdits.createdAt, sql`${after.at}::timestamptz`),
              and(eq(creatorPageEdits.createdAt, sql`${after.at}::timestamptz`), gt(creatorPageEdits.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(creatorPageEdits.createdAt), asc(creatorPageEdits.id))
    .limit(PAGE_EDIT_QUEUE_SIZE + 1);
  const page = rows.slice(0, PAGE_EDIT_QUEUE_SIZE);
  const last = page[page.length - 1];
  return {
    edits: page.map((r): WaitingPageEdit => ({
      id: r.id,
      createdAt: r.createdAt,
      memberEmail: r.memberEmail,
      creator: { slug: r.slug, name: r.name },
      changes: FIELDS.filter((field) => r.now[field] !== r.proposed[field]).map((field) => ({
        field,
        now: r.now[field],
        proposed: r.proposed[field],
      })),
      avatar: r.avatarKey !== null,
      version: r.createdAt,
    })),
    next: PAGE_EDIT_QUEUE_SIZE < rows.length && last ? `${last.createdAt}_${last.id}` : null,
  };
}

/** A waiting proposal's quarantined avatar, for the moderator's eyes only. */
export async function waitingAvatar(db: Database, editId: string) {
  if (!isUuidV4(editId)) return null;
  const [row] = await db
    .select({ key: creatorPageEdits.avatarKey, type: creatorPageEdits.avatarType })
    .from(creatorPageEdits)
    .where(and(eq(creatorPageEdits.id, editId), eq(creatorPageEdits.status, "pending")));
  return row?.key && row.type ? { key: row.key, type: row.type } : null;
}

/** Where an approved avatar is served from: /media/avatars/<creator>/<edit>.<ext>, never rewritten in place. */
export const publicAvatarKey = (creatorId: string, name: string, quarantineKey: string) =>
  `avatars/${creatorId}/${name}${quarantineKey.slice(quarantineKey.lastIndexOf("."))}`;

/**
 * A moderator approves or rejects a waiting proposal. Approving copies the avatar out of quarantine first, then in one
 * transaction writes the creator's fields, closes the proposal and writes the audit entry (`creator_page_edit_approved`,
 * its note the fields that changed); rejecting closes it, audited. The quarantined file, and an avatar the approval
 * replaced, are deleted after the commit. A proposal no longer waiting is 404.
 */
export async function decidePageEdit(
  db: Database,
  storage: Storage,
  actor: Actor,
  input: { editId: string; approve: boolean; version?: string },
): Promise<{ changed: string[] }> {
  if (!isUuidV4(input.editId)) throw new InvalidInput("pageEdits.errors.invalid");
  const read = (tx: Database) =>
    tx
      .select({ ...getTableColumns(creatorPageEdits), version: exactTime(creatorPageEdits.createdAt) })
      .from(creatorPageEdits)
      .where(eq(creatorPageEdits.id, input.editId));
  const [edit] = await read(db);
  if (!edit || edit.status !== "pending") throw new NotFound("pageEdits.errors.notFound");
  // The moderator decides the proposal they saw: one the owner replaced since is refused, to be looked at again.
  if (input.version && input.version !== edit.version) throw new Conflict("pageEdits.errors.changed");
  const newAvatar = input.approve && edit.avatarKey ? publicAvatarKey(edit.creatorId, edit.id, edit.avatarKey) : null;
  if (newAvatar && !(await copyObject(storage, edit.avatarKey!, newAvatar, edit.avatarType ?? "application/octet-stream")))
    throw new Conflict("pageEdits.errors.avatarGone");
  let outcome: { changed: string[]; replacedAvatar: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [now] = await read(tx as unknown as Database).for("update");
      if (now?.status !== "pending") throw new NotFound("pageEdits.errors.notFound");
      if (now.version !== edit.version) throw new Conflict("pageEdits.errors.changed");
      await tx
        .update(creatorPageEdits)
        .set({ status: input.approve ? "approved" : "rejected", decidedAt: new Date() })
        .where(eq(creatorPageEdits.id, edit.id));
      if (!input.approve) {
        await writeAudit(tx, actor, {
          action: "creator_page_edit_rejected",
          targetType: "creator",
          targetId: edit.creatorId,
          note: `edit ${edit.id}`,
        });
        return { changed: [], replacedAvatar: null };
      }
      const [before] = await tx.select().from(creators).where(eq(creators.id, edit.creatorId)).for("update");
      if (!before) throw new NotFound("pageEdits.errors.notFound");
      const after = { ...Object.fromEntries(FIELDS.map((field) => [field, now[field]])), ...(newAvatar ? { avatarKey: newAvatar } : {}) };
      const changed = Object.entries(after)
        .filter(([field, value]) => before[field as keyof typeof before] !== value)
        .map(([field]) => field);
      if (changed.length)
        await tx
          .update(creators)
          .set({ ...after, lastUpdatedAt: new Date() })
          .where(eq(creators.id, edit.creatorId));
      await writeAudit(tx, actor, {
        action: "creator_page_edit_approved",
        targetType: "creator",
        targetId: edit.creatorId,
        note: changed.length ? changed.join(", ") : "no change",
      });
      return { changed, replacedAvatar: newAvatar ? before.avatarKey : null };
    });
  } catch (error) {
    if (newAvatar) await storage.delete(newAvatar);
    throw error;
  }
  if (edit.avatarKey) await storage.delete(edit.avatarKey);
  // Only files this site wrote for an avatar are removed: a key shared with a clip stays.
  if (outcome.replacedAvatar?.startsWith("avatars/")) await storage.delete(outcome.replacedAvatar);
  return { changed: outcome.changed };
}
