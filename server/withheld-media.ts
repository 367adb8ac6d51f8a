import type { Database } from "../app/lib/database";
import { generationOf } from "../app/lib/cache/generation.server";
import { Memo } from "../app/lib/cache/memo.server";
import { isWithheldMedia } from "../app/features/moderation/index.server";

/**
 * Whether /media must refuse a key (a file of a clip that is not published), remembered per key until the
 * cache generation moves — hiding, publishing or re-keying a clip moves it — so a media request costs
 * one shared generation read instead of two queries (docs/decisions/033-media-path.md).
 */
export function withheldMedia(db: Database, options: { maxKeys?: number } = {}): (key: string) => Promise<boolean> {
  const answers = new Memo<boolean>({ ttlMs: 10 * 60_000, maxEntries: options.maxKeys ?? 50_000 });
  const generation = generationOf(db);
  return async (key) => answers.get(key, await generation.current(), () => isWithheldMedia(db, key));
}
