import { data } from "react-router";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import { getUser } from "~/features/accounts/index.server";
import { parseCursor, type Cursor } from "~/features/follows/index.server";
import { settleSignals } from "~/features/signals";
import { WatchHistoryView } from "~/features/signals/index.page";
import {
  asksNoProfile,
  historyOwner,
  historyOwnerForChange,
  historyPaused,
  removeFromHistory,
  setHistoryPaused,
  watchHistory,
} from "~/features/signals/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput, RateLimited } from "~/lib/http/errors";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/watch-history";

export const handle: I18nHandle = { i18n: ["history", "feed"] };

/** Personal, for members and anonymous visitors alike: never stored by a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The watch history (docs/product.md §5.9): the member's, else the anonymous visitor's under `spicy_uid`, newest
 * first, one keyset page per `?after=`; a cursor this site did not write is a 400 with the first page's link.
 */
export async function loader(args: Route.LoaderArgs) {
  const services = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "history");
  const meta = {
    title: `${t("title")} · ${t("brand.name")}`,
    description: t("metaDescription"),
    origin: services.origin,
    path: "/watch-history",
    siteName: t("brand.name"),
    noindex: true,
  };
  let after: Cursor | null = null;
  let status = 200;
  try {
    after = parseCursor(new URL(args.request.url).searchParams.get("after"));
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    status = 400;
  }
  const user = await getUser(args);
  const owner = historyOwner({ request: args.request, userId: user?.id ?? null, secret: services.secret });
  const [page, paused] = owner
    ? await Promise.all([
        watchHistory(services.db, { owner, after, mediaAllowed: mediaAllowedFor(visitor) }),
        historyPaused(services.db, owner),
      ])
    : [{ entries: [], next: null }, false];
  return data(
    {
      meta,
      invalidCursor: status === 400 ? t("errors.invalidCursor") : null,
      history: { page, paused, noProfile: asksNoProfile(args.request), signedIn: Boolean(user), continued: after !== null },
    },
    { status, headers: PRIVATE },
  );
}

const HISTORY_FORM = z.object({
  intent: intentField(["remove", "pause", "resume"], "errors.unknownAction"),
  clipId: z.string().default(""),
});

/** `remove` (one clip, every day of it), `pause` and `resume`; a refusal is a translated 4xx (ADR 024). */
/** What this visit watched is sent before the page reads it, the clip on screen included (settleSignals). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await settleSignals();
  return serverLoader();
}

export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "history",
    schema: HISTORY_FORM,
    handle: async ({ intent, clipId }, { headers }) => {
      for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
      const services = getServices(args);
      const userId = (await getUser(args))?.id ?? null;
      if (intent === "remove") {
        const owner = historyOwner({ request: args.request, userId, secret: services.secret });
        // Without an id there is no history to remove from: nothing to do.
        if (owner) await removeFromHistory(services.db, { owner, clipId });
        return { intent };
      }
      const change = historyOwnerForChange({
        db: services.db,
        request: args.request,
        userId,
        secret: services.secret,
        clientIp: getVisitor(args).clientIp,
        secure: secureCookies(services.origin),
      });
      if (!change) throw new RateLimited("errors.noVisitorId");
      await setHistoryPaused(services.db, { owner: change.owner, paused: intent === "pause" });
      if (change.setCookie) headers.append("Set-Cookie", change.setCookie);
      return { intent };
    },
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function WatchHistory({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.invalidCursor ? (
        <p role="alert" className="mx-auto mt-6 max-w-3xl rounded-xl border border-red-500 px-4 py-3 text-sm text-white">
          {loaderData.invalidCursor}
        </p>
      ) : null}
      <WatchHistoryView data={loaderData.history} />
    </>
  );
}
