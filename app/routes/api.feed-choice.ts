import { data } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import {
  asksNoProfile,
  dismissClip,
  FEED_ORDERS,
  historyPaused,
  setFeedOrder,
  signalVisitor,
  type FeedOrder,
  type SignalOwnerRef,
} from "~/features/signals/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput, NotFound, RateLimited } from "~/lib/http/errors";
import type { Route } from "./+types/api.feed-choice";

const INTENTS = ["order", "dismiss", "undo"] as const;

/**
 * POST what the visitor tells the feed (docs/decisions/160-feed-ranking.md) → { ok: true, stored }:
 * `intent=order&order=for-you|newest|shuffle` remembers the order; `intent=dismiss&clipId=` is "Not interested" (the
 * clip leaves, its creator and tags sink) and `intent=undo&clipId=` takes it back. Under Global Privacy Control or
 * Do Not Track, and while the visitor's history is paused, "Not interested" keeps nothing (`stored: false`): the
 * browser only hides the clip.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "feed",
    handle: async (values, { headers }) => {
      const { intent, order, clipId } = values as Record<string, string | undefined>;
      if (!INTENTS.includes(intent as (typeof INTENTS)[number])) throw new InvalidInput("choice.invalid");
      if (intent === "order" && !FEED_ORDERS.includes(order as FeedOrder)) throw new InvalidInput("choice.invalid");
      if (intent !== "order" && !clipId) throw new InvalidInput("choice.invalid");
      if (intent !== "order" && asksNoProfile(args.request)) return { stored: false };
      const services = getServices(args);
      const visitor = signalVisitor({
        db: services.db,
        request: args.request,
        userId: (await getUser(args))?.id ?? null,
        secret: services.secret,
        clientIp: getVisitor(args).clientIp,
        secure: secureCookies(services.origin),
      });
      if (!visitor.ok) throw new RateLimited("signals.rateLimited");
      if (visitor.setCookie) headers.set("Set-Cookie", visitor.setCookie);
      const owner: SignalOwnerRef = visitor.userId ? { userId: visitor.userId } : { anonymousId: visitor.anonymousId! };
      headers.set("Cache-Control", "private, no-store");
      if (intent === "order") {
        await setFeedOrder(services.db, owner, order as FeedOrder);
        return { stored: true };
      }
      // A paused history learns nothing new (docs/product.md § Watch signals); an undo still takes back what was kept.
      if (intent === "dismiss" && (await historyPaused(services.db, owner))) return { stored: false };
      if (!(await dismissClip(services.db, owner, clipId!, intent === "undo"))) throw new NotFound("choice.notFound");
      return { stored: true };
    },
  });

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
