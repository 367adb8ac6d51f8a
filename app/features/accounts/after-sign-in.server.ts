import type { AuthHooks } from "~/lib/auth.server";
import type { Database } from "~/lib/db.server";
import type { Logger } from "~/lib/logger.server";
import { mergeAnonymousFlames } from "~/features/flames/index.server";
import { anonymousIdFrom } from "~/features/flames";
import { ensureProfile } from "./profiles.server";

/** On every sign-in: the profile exists, and the visitor's anonymous flames become the user's. */
export function accountHooks(db: Database, log: Logger): AuthHooks {
  return {
    async afterSignIn({ userId, request }) {
      await ensureProfile(db, userId);
      const anonymousId = anonymousIdFrom(request?.headers?.get("cookie"));
      if (!anonymousId) return;
      const merged = await mergeAnonymousFlames(db, { anonymousId, userId });
      if (merged.moved || merged.merged) log.info(merged, "anonymous flames merged into the account");
    },
  };
}
