import type { Database } from "~/lib/database";
import { CHANNELS } from "~/lib/db/channels";
import { perDatabase, synchronousNoticesOf } from "~/lib/db/engine.server";

/**
 * Flame counts as this process heard them announced (`clip_flames`, migration 0015), for a database with
 * synchronous notices (PGlite in process): every change of a count is heard before the flame's statement
 * returns, so the latest heard count of a clip is its count now. Null for other databases, whose counts
 * are read (docs/decisions/031-in-memory-caches.md).
 */
export interface HeardFlames {
  /** The clip's count if it moved since this process started listening, else undefined. */
  get(clipId: string): number | undefined;
}

const forgetListeners: ((db: Database) => void)[] = [];

/** `listener` runs when the record starts again: counts read before then must be read again. */
export function onHeardFlamesForgotten(listener: (db: Database) => void): void {
  forgetListeners.push(listener);
}

/** Past this many clips heard, the record starts again and counts are read once more (`onForget`). */
const MAX_HEARD = 200_000;

export const heardFlames: (db: Database) => Promise<HeardFlames | null> = perDatabase("heard-flames", (db) => listen(db));

async function listen(db: Database): Promise<HeardFlames | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  const counts = new Map<string, number>();
  await notices.listen(CHANNELS.clipFlames, (payload) => {
    const [clipId, flames] = payload.split(" ");
    if (!clipId || flames === undefined) return;
    if (counts.size >= MAX_HEARD && !counts.has(clipId)) {
      counts.clear();
      forgetListeners.forEach((listener) => listener(db));
    }
    counts.set(clipId, Number(flames));
  });
  return { get: (clipId) => counts.get(clipId) };
}
