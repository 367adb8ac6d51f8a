import { data } from "react-router";
import { z } from "zod";
import { getUser } from "~/features/accounts/index.server";
import { anonymousOwner, issueAnonymousId, resolveFlameOwner } from "~/features/flames/index.server";
import { followsCreator, setFollow, type Follower } from "~/features/follows/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import { NotFound, RateLimited } from "~/lib/http/errors";
import type { Route } from "./+types/api.follows";

const followForm = z.object({ creator: z.string().default(""), following: z.string().optional() });

/**
 * POST creator=<slug>, following=true|false → { ok: true, following, followers }; unknown creator 404, bad slug 400.
 * Anonymous visitors follow under their signed `spicy_uid`, limited like their flames (ADR 093); members are not limited.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "follows",
    schema: followForm,
    handle: async ({ creator, following }, { headers }) => {
      const services = getServices(args);
      const userId = (await getUser(args))?.id ?? null;
      let follower: Follower;
      if (userId) {
        follower = { userId };
      } else {
        const who = { request: args.request, clientIp: getVisitor(args).clientIp, secure: secureCookies(services.origin) };
        const anonymous = await anonymousOwner(services, who);
        if (anonymous.ok) {
          follower = anonymous.flameOwner;
          if (anonymous.setCookie) headers.set("Set-Cookie", anonymous.setCookie);
        } else if (anonymous.refusal === "noVisitorId") {
          // A follow may still be a visitor's first request: it gets an id as a page view would (ADR 140), within
          // the same per-address ceiling; only flames insist on one.
          const issued = await issueAnonymousId(services, who);
          if (!issued.ok) {
            headers.set("Retry-After", "60");
            throw new RateLimited("errors.rateLimited");
          }
          follower = { anonymousId: issued.anonymousId };
          if (issued.setCookie) headers.set("Set-Cookie", issued.setCookie);
        } else {
          headers.set("Retry-After", "60");
          throw new RateLimited("errors.rateLimited");
        }
      }
      const result = await setFollow(services.db, { creatorSlug: creator, follower, following: following === "true" });
      if (!result) throw new NotFound("errors.notFound");
      return result;
    },
  });

/**
 * GET ?creator=<slug> → { following }: whether this visitor follows the creator. Pages shared through the
 * anonymous micro-cache render the button without the visitor's state; the browser asks here.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db } = getServices(args);
  const creator = new URL(args.request.url).searchParams.get("creator") ?? "";
  const { flameOwner } = resolveFlameOwner(args.request, { userId: (await getUser(args))?.id });
  const following = await followsCreator(db, flameOwner, creator);
  return data({ following }, { headers: { "Cache-Control": "private, no-store" } });
}
