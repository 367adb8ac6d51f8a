import type { AuthHooks } from "~/lib/auth.server";
import type { Database } from "~/lib/database";
import type { Logger } from "~/lib/logger.server";
import { mergeAnonymousFlames, signedAnonymousId } from "~/features/flames/index.server";
import { anonymousIdFrom } from "~/features/flames";
import { mergeAnonymousFollows } from "~/features/follows/index.server";
import { mergeAnonymousSignals } from "~/features/signals/index.server";
import { ensureProfile } from "./profiles.server";

/**
 * On every sign-in: the profile exists, and the visitor's anonymous flames, follows and watch signals become the user's —
 * unless the sign-in came from a link this browser did not ask for (ADR 113): its anonymous data stays its own.
 *
 * Follows and watch signals (history, tastes, dismissals) move only from an id this server signed (ADR 093): the id
 * is no secret — the page mirrors it in localStorage — so a bare one sent with a sign-in would hand anyone who
 * learned it that visitor's history. Flames still move from a bare id, which owns flames from before ids were
 * signed (docs/security.md § Known limits).
 */
export function accountHooks(db: Database, log: Logger, secret: string): AuthHooks {
  return {
    async afterSignIn({ userId, request, mergeAnonymous }) {
      await ensureProfile(db, userId);
      if (!mergeAnonymous || !request?.headers) return;
      const anonymousId = anonymousIdFrom(request.headers.get("cookie"));
      if (!anonymousId) return;
      const merged = await mergeAnonymousFlames(db, { anonymousId, userId });
      if (merged.moved || merged.merged) log.info(merged, "anonymous flames merged into the account");
      if (signedAnonymousId(secret, { headers: request.headers }) !== anonymousId) return;
      const follows = await mergeAnonymousFollows(db, { anonymousId, userId });
      if (follows.moved || follows.merged) log.info(follows, "anonymous follows merged into the account");
      await mergeAnonymousSignals(db, { anonymousId, userId });
    },
  };
}
