import { data, redirect } from "react-router";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import { getUser } from "~/features/accounts/index.server";
import {
  asksNoProfile,
  checkLearnedItem,
  forgetLearned,
  historyOwner,
  historyPaused,
  learnedProfile,
  resetLearned,
} from "~/features/signals/index.server";
import { emptyLearnedProfile, settleSignals } from "~/features/signals";
import { FeedLearned } from "~/features/signals/index.page";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/what-the-feed-learned";

export const handle: I18nHandle = { i18n: ["learned"] };

/** Personal, for members and anonymous visitors alike: never stored by a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * What the feed learned (docs/decisions/166-what-the-feed-learned.md): the member's weights, else the anonymous
 * visitor's under `spicy_uid`, strongest first per category, tag and creator.
 */
export async function loader(args: Route.LoaderArgs) {
  const services = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "learned");
  const user = await getUser(args);
  const owner = historyOwner({ request: args.request, userId: user?.id ?? null, secret: services.secret });
  const [profile, paused] = owner
    ? await Promise.all([learnedProfile(services.db, { owner, language: visitor.language }), historyPaused(services.db, owner)])
    : [emptyLearnedProfile(), false];
  return data(
    {
      meta: {
        title: `${t("title")} · ${t("brand.name")}`,
        description: t("metaDescription"),
        origin: services.origin,
        path: "/what-the-feed-learned",
        siteName: t("brand.name"),
        noindex: true,
      },
      learned: { profile, paused, noProfile: asksNoProfile(args.request), signedIn: Boolean(user) },
    },
    { headers: PRIVATE },
  );
}

const LEARNED_FORM = z.object({
  intent: intentField(["forget", "reset"], "errors.unknownAction"),
  facet: z.string().default(""),
  itemId: z.string().default(""),
  back: z.string().default(""),
});

/**
 * `forget` (one category, tag or creator) and `reset` (everything); a refusal is a translated 4xx (ADR 024). A post
 * from My account's section without the page's script (`back=account`) goes back there.
 */
/** What this visit watched is sent before the page reads it, the clip on screen included (settleSignals). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await settleSignals();
  return serverLoader();
}

export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "learned",
    schema: LEARNED_FORM,
    handle: async ({ intent, facet, itemId, back }, { headers }) => {
      for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
      const services = getServices(args);
      const owner = historyOwner({ request: args.request, userId: (await getUser(args))?.id ?? null, secret: services.secret });
      if (intent === "forget") checkLearnedItem(facet, itemId);
      // Without an id nothing was learned: nothing to forget.
      if (owner && intent === "forget") await forgetLearned(services.db, { owner, facet, itemId });
      else if (owner) await resetLearned(services.db, owner);
      if (back === "account") throw redirect("/my-account#feed-learned");
      return { intent };
    },
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function WhatTheFeedLearned({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("learned");
  const done = actionData && "ok" in actionData && actionData.ok ? actionData.intent : null;
  return (
    <>
      {/* Said in the page too, for a browser without the page's script (its toasts). */}
      <p role="status" className="sr-only">
        {done ? t(done === "reset" ? "reset.done" : "forgotten") : ""}
      </p>
      <FeedLearned data={loaderData.learned} />
    </>
  );
}
