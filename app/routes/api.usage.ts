import { data } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { latestUsage, parseUsage, saveUsage, timeZoneFromCookie } from "~/features/conscious/index.server";
import { asksNoProfile } from "~/features/signals/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { RateLimited } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/server";
import { takeRateLimit } from "~/lib/rate-limit.server";
import type { Route } from "./+types/api.usage";

// A visitor who reloads and resets a lot still stays well under this.
const LIMIT = { window: 600, max: 120 };

/**
 * POST seconds, startedAt (ISO), emotionId (optional) and categories
 * (optional JSON: category slug → seconds): stores one timer session with its
 * time per category. Sent with navigator.sendBeacon, so anonymous visitors get
 * a quiet 204 and nothing is stored (docs/product.md §11.3, ADR 061), as do members whose browser sends
 * Global Privacy Control or Do Not Track (§11.10). A member's
 * session answers 201 `{ ok: true, id }`; a bad one is a translated 400 (ADR 024).
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "conscious",
    handle: async (_values, tools) => {
      const user = await getUser(args);
      // Under Global Privacy Control or Do Not Track nothing personal is kept: the session stays in the browser.
      if (!user || asksNoProfile(args.request)) return new Response(null, { status: 204 });
      const services = getServices(args);
      if (!(await takeRateLimit(services, `usage:${user.id}`, LIMIT))) throw new RateLimited("errors.rateLimited");
      const usage = { ...parseUsage(tools.form), timeZone: timeZoneFromCookie(args.request.headers.get("cookie")) };
      const saved = await saveUsage(services.db, user.id, usage);
      services.log.debug({ userId: user.id, seconds: usage.seconds }, "usage session saved");
      tools.status = 201;
      return saved;
    },
  });

/** GET: the signed-in user's 10 latest sessions (401 when signed out). */
export async function loader(args: Route.LoaderArgs) {
  const user = await getUser(args);
  if (!user) {
    const t = await serverT(getVisitor(args).language, "conscious");
    return data({ error: t("errors.signedOut") }, { status: 401 });
  }
  return { sessions: await latestUsage(getServices(args).db, user.id) };
}
