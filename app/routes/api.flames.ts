import { data } from "react-router";
import { anonymousOwner, type FlameOwner, InvalidClipId, setFlame } from "~/features/flames/index.server";
import { getUser } from "~/features/accounts/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { Forbidden, NotFound, RateLimited } from "~/lib/http/errors";
import { z } from "zod";
import type { Route } from "./+types/api.flames";
import { secureCookies } from "~/lib/cookies";
import { isUuidV4 } from "~/lib/uuid";

// Made once: building a zod schema compiles its parser, a twentieth of a flame request's time when made per request
// (docs/performance.md § Throughput).
const flameForm = z.object({ clipId: z.string().default(""), flamed: z.string().optional() });

/**
 * POST clipId, flamed=true|false → { ok: true, flamed, flames } (ADR 024); unknown clip 404, bad id 400.
 * Anonymous flames need an id a page view issued and are limited (ADR 140); members' are not.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "feed",
    schema: flameForm,
    handle: async ({ clipId, flamed }, { headers }) => {
      // A malformed id is the request's own fault, whoever sends it: 400 before any limit is counted.
      if (!isUuidV4(clipId)) throw new InvalidClipId(clipId);
      const services = getServices(args);
      const userId = (await getUser(args))?.id ?? null;
      let flameOwner: FlameOwner;
      if (userId) {
        flameOwner = { userId };
      } else {
        const anonymous = await anonymousOwner(services, {
          request: args.request,
          clientIp: getVisitor(args).clientIp,
          secure: secureCookies(services.origin),
        });
        if (!anonymous.ok) {
          // No id from a page view: the page issues one (api.visitor.ts), so reloading or signing in is the way on.
          if (anonymous.refusal === "noVisitorId") throw new Forbidden("flames.noVisitorId");
          headers.set("Retry-After", "60");
          throw new RateLimited(anonymous.refusal === "perId" ? "flames.rateLimited" : "flames.addressBusy");
        }
        flameOwner = anonymous.flameOwner;
        if (anonymous.setCookie) headers.set("Set-Cookie", anonymous.setCookie);
      }
      const result = await setFlame(services.db, { clipId, flameOwner, flamed: flamed === "true" });
      if (!result) throw new NotFound("flames.notFound");
      return result;
    },
  });

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
