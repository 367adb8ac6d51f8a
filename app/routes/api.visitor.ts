import { data } from "react-router";
import { issueAnonymousId } from "~/features/flames/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import { RateLimited } from "~/lib/http/errors";
import type { Route } from "./+types/api.visitor";

/**
 * POST an empty form (sent by the page once hydrated, when it holds no signed id) → { ok: true } and the signed anonymous id
 * cookie (ADR 140). Page views issue anonymous ids; flame requests only use them.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "feed",
    handle: async (_input, { headers }) => {
      const services = getServices(args);
      const issued = await issueAnonymousId(services, {
        request: args.request,
        clientIp: getVisitor(args).clientIp,
        secure: secureCookies(services.origin),
      });
      if (!issued.ok) {
        headers.set("Retry-After", "3600");
        throw new RateLimited("flames.addressBusy");
      }
      if (issued.setCookie) headers.set("Set-Cookie", issued.setCookie);
      headers.set("Cache-Control", "private, no-store");
      return {};
    },
  });

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
