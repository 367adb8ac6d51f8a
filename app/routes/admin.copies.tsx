import { Form } from "react-router";
import { decideCopy, requireModerator } from "~/features/moderation/index.server";
import { AdminThumbnail, DECISION_STYLES, DecisionIcon, FormattedDate, StateListPage } from "~/features/moderation";
import { copiesPage } from "~/features/takedowns/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { Route } from "./+types/admin.copies";

export const handle: I18nHandle = { i18n: ["admin"] };

const STATES = ["open", "hidden", "dismissed"] as const;

/** /admin/copies — published clips that a catalogue scan found to look like a blocked clip. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const url = new URL(args.request.url);
  const state = STATES.find((s) => s === url.searchParams.get("state")) ?? "open";
  const page = pageParam(url);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    state,
    page,
    ...(await copiesPage(db, state, page)),
    meta: { title: t("copies.heading"), description: t("title"), origin, path: "/admin/copies", siteName: t("brand.name"), noindex: true },
  };
}

/** Hides a copy or dismisses its match: `{ ok: true, intent }` or a translated refusal (ADR 024); the guard runs first. */
const COPY_FORM = z.object({ intent: intentField(["hide", "dismiss"], "item.failed"), matchId: z.string().default("") });

export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: COPY_FORM,
    handle: async ({ intent, matchId }) => {
      await decideCopy(getServices(args).db, actor, matchId, intent);
      return { intent };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminCopies({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <StateListPage
      id="copies-heading"
      title={t("copies.heading")}
      intro={t("copies.intro")}
      states={STATES.map((s) => ({ value: s, label: t(`copies.states.${s}`) }))}
      current={d.state}
      page={d.page}
      hasNext={d.hasNext}
    >
      <p role="status" className={actionData && !actionData.ok ? "text-red-300" : "text-emerald-300"}>
        {actionData ? (actionData.ok ? t(`copies.done.${actionData.intent}`) : actionData.errors.form) : null}
      </p>
      {d.items.length === 0 ? (
        <p>{t("copies.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {d.items.map((m) => (
            <li key={m.id} className="space-y-3 rounded-xl border border-ink-800 p-3">
              <div className="grid grid-cols-2 gap-3">
                <figure className="space-y-1">
                  <AdminThumbnail clipId={m.clipId} />
                  <figcaption className="text-sm">
                    {t("copies.copy")}:{" "}
                    <a href={`/admin/clips?q=${m.clipId}`} className="text-flame-300 underline">
                      {m.clipTitle}
                    </a>
                  </figcaption>
                </figure>
                <figure className="space-y-1">
                  {m.blockedClipId ? <AdminThumbnail clipId={m.blockedClipId} /> : null}
                  <figcaption className="text-sm">
                    {t("copies.blocked")}: {m.blockedTitle} ({t(`publish.blockReasons.${m.blockReason}`)})
                    {m.itemQueue && m.itemId ? (
                      <>
                        {" · "}
                        <a href={`/admin/${m.itemQueue}/${m.itemId}`} className="text-flame-300 underline">
                          {t("copies.item")}
                        </a>
                      </>
                    ) : null}
                  </figcaption>
                </figure>
              </div>
              <p className="text-sm">
                {t("copies.distance", { distance: m.distance, coverage: Math.round(m.coverage * 100) })} ·{" "}
                <FormattedDate value={m.createdAt} />
              </p>
              {d.state === "open" ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="matchId" value={m.id} />
                  <button type="submit" name="intent" value="hide" className={DECISION_STYLES.hide}>
                    <DecisionIcon kind="hide" />
                    {t("copies.hide")}
                  </button>
                  <button type="submit" name="intent" value="dismiss" className={DECISION_STYLES.reject}>
                    <DecisionIcon kind="reject" />
                    {t("copies.dismiss")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </StateListPage>
  );
}
