import { data } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { readSignalBody, recordSignals } from "~/features/signals/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import type { Route } from "./+types/api.signals";

/**
 * POST a batch of watch signals as JSON `{ events: [...] }` (sent with navigator.sendBeacon, so as text/plain)
 * → 204 once written; a translated 400 when unreadable, invalid or too large, 429 over a limit (docs/product.md
 * §5.9). Same-origin only, like every state-changing request (server/same-origin.ts).
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "feed",
    read: readSignalBody,
    handle: async (_values, { form, headers }) => {
      const services = getServices(args);
      const result = await recordSignals(services, {
        batch: String(form.get("_batch") ?? ""),
        request: args.request,
        userId: (await getUser(args))?.id ?? null,
        clientIp: getVisitor(args).clientIp,
        secure: secureCookies(services.origin),
      });
      if (result.setCookie) headers.set("Set-Cookie", result.setCookie);
      return new Response(null, { status: 204, headers });
    },
  });

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
