import { PublishError, type PublishScreen } from "~/features/publishing/index.server";
import type { Database } from "~/lib/database";
import { storeClipFingerprints } from "./catalogue.server";
import { hashVideoFrames } from "./frames.server";
import { CLIP_FPS } from "./hash";
import { findBlockedMatch, type BlockMatch } from "./matcher.server";

/** A new clip looks like a clip on the block list: it is not published unless a moderator overrides. */
export class BlockedCopyError extends PublishError {
  override name = "BlockedCopyError";
  constructor(readonly match: BlockMatch) {
    super(
      "blocked-copy",
      `this video matches the blocked clip "${match.clipTitle}" (${match.reason.replace("_", " ")}; distance ${match.distance} of 64 bits, ${Math.round(match.coverage * 100)} % of frames)`,
    );
  }
}

export interface Screened {
  hashes: bigint[];
  /** The block it matched when an override let it through. */
  overridden: BlockMatch | null;
}

/**
 * The check every new clip passes (publishing a submission, `npm run clips -- import`): its frames
 * are hashed and compared with the block list; a match is refused unless `override` is set, and the
 * frames join the catalogue's fingerprints in the publishing transaction.
 */
export function takedownScreen(db: Database, options: { override?: boolean; env?: NodeJS.ProcessEnv } = {}): PublishScreen<Screened> {
  return {
    async check(videoPath) {
      const { hashes } = await hashVideoFrames(videoPath, CLIP_FPS, options.env);
      const match = await findBlockedMatch(db, hashes);
      if (match && !options.override) throw new BlockedCopyError(match);
      return { hashes, overridden: match };
    },
    record: (tx, clipId, screened) => storeClipFingerprints(tx, clipId, screened.hashes),
  };
}
