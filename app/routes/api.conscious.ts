import { getUser } from "~/features/accounts/index.server";
import { activeCategories } from "~/features/clips/index.server";
import { listEmotions, parsePauseOutcome, recordPause } from "~/features/conscious/index.server";
import { asksNoProfile } from "~/features/signals/index.server";
import { handleAction } from "~/lib/http/action.server";
import { RateLimited } from "~/lib/http/errors";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { generationOf } from "~/lib/cache/generation.server";
import { memoPerDatabase } from "~/lib/cache/memo.server";
import { getServices, getVisitor } from "~/lib/context";
import { localName } from "~/lib/i18n/languages";
import type { Route } from "./+types/api.conscious";

// Emotions and categories change only with the catalogue's reference data (docs/decisions/031-in-memory-caches.md).
const lists = memoPerDatabase<{ emotions: { id: number; name: string }[]; categories: { slug: string; name: string }[] }>(
  "conscious-lists",
  {
    ttlMs: 60_000,
    maxEntries: 4,
  },
);

/**
 * GET: the session's reference lists in the visitor's language — the emotions (the mood choices) and
 * the browse categories' names (the stop card's top category). The same for everyone with that
 * language; kept by the browser only, since the language comes from a cookie.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language } = getVisitor(args);
  const { db } = getServices(args);
  const generation = await generationOf(db).current();
  const body = await lists(db).get(language, generation, async () => ({
    emotions: await listEmotions(db, language),
    categories: (await activeCategories(db)).map((c) => ({ slug: c.slug, name: localName(language, c) })),
  }));
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=600", Vary: "Cookie, Accept-Language" } });
}

// The pause shows at most every 30 minutes; this only stops a flood.
const PAUSE_LIMIT = { window: 600, max: 30 };

/**
 * POST outcome=closed|continued: records a member's breathing pause (201). Sent as a beacon, so an
 * anonymous visitor gets a quiet 204 and nothing is stored; a bad outcome is a translated 400.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "conscious",
    handle: async (_values, tools) => {
      const user = await getUser(args);
      // Global Privacy Control or Do Not Track: nothing personal is kept (docs/product.md §11.10).
      if (!user || asksNoProfile(args.request)) return new Response(null, { status: 204 });
      const services = getServices(args);
      const outcome = parsePauseOutcome(tools.form);
      if (!(await takeRateLimit(services, `pause:${user.id}`, PAUSE_LIMIT))) throw new RateLimited("errors.rateLimited");
      await recordPause(services.db, user.id, outcome);
      tools.status = 201;
      return { outcome };
    },
  });
