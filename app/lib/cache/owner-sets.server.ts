import type { Database } from "~/lib/database";
import { hasTriggers, synchronousNoticesOf } from "~/lib/db/engine.server";

/**
 * Per visitor, a set of clip ids kept in memory on a database with synchronous notices (PGlite in process, ADR 045):
 * loaded once per owner with one query, then kept exact by a trigger's announcements, which arrive before the
 * writing statement returns. A page asking which of its clips this visitor flamed, or marked "Not interested", then
 * needs no query. Keyed by the owner alone: one owner's set is never read for another.
 *
 * The announcements read "<+|-> <u|a>:<owner id> <clip id>" (docs/database.md § Notification channels). Null on other
 * databases (PostgreSQL, PGlite on its worker thread), and where the trigger is missing: those are asked every time.
 */
export interface OwnerSets {
  of(owner: SetOwner): Promise<ReadonlySet<string>>;
}

export type SetOwner = { userId: string } | { anonymousId: string };

/** Owners whose sets are kept; the least recently used is dropped (and loaded again if it comes back). */
const MAX_OWNERS = 10_000;

const keyOf = (owner: SetOwner) => ("userId" in owner ? `u:${owner.userId}` : `a:${owner.anonymousId}`);

export async function followOwnerSets(
  db: Database,
  follow: { channel: string; trigger: string; load: (owner: SetOwner) => Promise<Set<string>> },
): Promise<OwnerSets | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  if (!(await hasTriggers(db, follow.trigger))) return null;

  const owners = new KeptPerOwner(follow.load);
  await notices.listen(follow.channel, (payload) => {
    const [change, owner, clipId] = payload.split(" ");
    const set = owner && clipId ? owners.peek(owner) : undefined;
    // Applied in order once the set is loaded; adding or removing twice is harmless.
    void set?.then((clips) => (change === "+" ? clips.add(clipId!) : clips.delete(clipId!)));
  });
  return owners;
}

/**
 * Per visitor, a value read once and kept on a database with synchronous notices (PGlite in process), until a trigger
 * announces that it changed: the payload names the owner ("<u|a>:<owner id>"), whose value is dropped and read again
 * when next asked. The announcement arrives before the writing statement returns, so no read after a write is given the
 * value from before it; a read in flight when it arrives still answers its own caller, and is not kept. `start` runs
 * once before listening (a trigger that announces only to a session that asked). Null where `followOwnerSets` is.
 */
export async function followOwnerValues<T>(
  db: Database,
  follow: { channel: string; triggers: string[]; start?: () => Promise<void>; load: (owner: SetOwner) => Promise<T> },
): Promise<{ of(owner: SetOwner): Promise<T> } | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  if (!(await hasTriggers(db, ...follow.triggers))) return null;
  await follow.start?.();
  const owners = new KeptPerOwner(follow.load);
  await notices.listen(follow.channel, (owner) => owners.forget(owner));
  return owners;
}

/** Values kept per owner, the most recently used last; past MAX_OWNERS the least recently used is dropped. */
class KeptPerOwner<T> {
  private readonly owners = new Map<string, Promise<T>>();

  constructor(private readonly load: (owner: SetOwner) => Promise<T>) {}

  of(owner: SetOwner): Promise<T> {
    const key = keyOf(owner);
    let value = this.owners.get(key);
    if (value) {
      this.owners.delete(key);
      this.owners.set(key, value);
      return value;
    }
    if (this.owners.size >= MAX_OWNERS) this.owners.delete(this.owners.keys().next().value!);
    value = this.load(owner);
    this.owners.set(key, value);
    value.catch(() => this.owners.get(key) === value && this.owners.delete(key));
    return value;
  }

  /** The value kept under `key` ("<u|a>:<owner id>"), without reading it. */
  peek(key: string): Promise<T> | undefined {
    return this.owners.get(key);
  }

  forget(key: string): void {
    this.owners.delete(key);
  }
}
