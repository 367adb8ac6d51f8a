import type { AuthHooks } from "~/lib/auth.server";
import type { Database } from "~/lib/database";
import type { Logger } from "~/lib/logger.server";
import { mergeAnonymousFlames } from "~/features/flames/index.server";
import { anonymousIdFrom } from "~/features/flames";
import { mergeAnonymousFollows } from "~/features/follows/index.server";
import { mergeAnonymousSignals } from "~/features/signals/index.server";
import { ensureProfile } from "./profiles.server";

/**
 * On every sign-in: the profile exists, and the visitor's anonymous flames, follows and watch signals become the user's —
 * unless the sign-in came from a link this browser did not ask for (ADR 113): its anonymous data stays its own.
 */
export function accountHooks(db: Database, log: Logger): AuthHooks {
  return {
    async afterSignIn({ userId, request, mergeAnonymous }) {
      await ensureProfile(db, userId);
      if (!mergeAnonymous) return;
      const anonymousId = anonymousIdFrom(request?.headers?.get("cookie"));
      if (!anonymousId) return;
      const merged = await mergeAnonymousFlames(db, { anonymousId, userId });
      if (merged.moved || merged.merged) log.info(merged, "anonymous flames merged into the account");
      const follows = await mergeAnonymousFollows(db, { anonymousId, userId });
      if (follows.moved || follows.merged) log.info(follows, "anonymous follows merged into the account");
      await mergeAnonymousSignals(db, { anonymousId, userId });
    },
  };
}
