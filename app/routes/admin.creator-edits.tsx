import { Form, Link } from "react-router";
import { z } from "zod";
import { DataTable } from "~/components/ui/data-table";
import { decidePageEdit, waitingPageEdits } from "~/features/creator-accounts/index.server";
import { DECISION_BUTTON, DecisionListPage } from "~/features/moderation";
import { deskPage, requireModerator } from "~/features/moderation/index.server";
import { getServices } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { readKeysetCursor } from "~/lib/keyset";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.creator-edits";

export const handle: I18nHandle = { i18n: ["admin"] };

/** Owners' proposed bios, links and pictures, oldest first (docs/decisions/172-owners-edit-their-page-through-the-desk.md). */
export async function loader(args: Route.LoaderArgs) {
  const desk = await deskPage(args, { path: "/admin/creator-edits", title: "pageEdits.heading", description: "pageEdits.intro" });
  // A cursor this site did not write shows the first page.
  const page = await waitingPageEdits(desk.services.db, readKeysetCursor(new URL(args.request.url).searchParams.get("after")));
  return { ...page, meta: desk.meta };
}

/** POST edit=<id>, version=<as shown>, decision=approve|reject → `{ ok: true, decision }`, audited; refusals translated. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: z.object({ edit: z.string().default(""), version: z.string().default(""), decision: z.enum(["approve", "reject"]) }),
    handle: async ({ edit, version, decision }) => {
      const { db, storage } = getServices(args);
      await decidePageEdit(db, storage, actor, { editId: edit, version: version || undefined, approve: decision === "approve" });
      return { decision };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminCreatorEdits({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <DecisionListPage
      id="edits-heading"
      heading={t("pageEdits.heading")}
      intro={t("pageEdits.intro")}
      reply={actionData}
      approved={t("pageEdits.approved")}
      rejected={t("pageEdits.rejected")}
    >
      {d.edits.length === 0 ? (
        <p>{t("pageEdits.empty")}</p>
      ) : (
        <ul aria-label={t("pageEdits.list")} className="space-y-3">
          {d.edits.map((edit) => (
            <li key={edit.id} data-edit={edit.creator.slug} className="space-y-3 rounded-xl border border-ink-800 bg-ink-900 p-4">
              <p>
                <a href={`/creator/${edit.creator.slug}`} className="font-semibold text-flame-300 underline">
                  {edit.creator.name}
                </a>
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-ink-300">{t("pageEdits.member")}</dt>
                <dd className="break-all">{edit.memberEmail}</dd>
                <dt className="text-ink-300">{t("pageEdits.asked")}</dt>
                <dd>{edit.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
              </dl>
              {edit.changes.length ? (
                <DataTable
                  tone="text"
                  region={{ label: t("pageEdits.field") }}
                  columns={[
                    { key: "field", header: t("pageEdits.field") },
                    { key: "now", header: t("pageEdits.now") },
                    { key: "proposed", header: t("pageEdits.proposed") },
                  ]}
                  rows={edit.changes.map((change) => ({
                    key: change.field,
                    data: { field: change.field },
                    header: t(`pageEdits.fields.${change.field}`),
                    cells: [change.now ?? t("pageEdits.none"), change.proposed ?? t("pageEdits.none")],
                  }))}
                />
              ) : (
                <p className="text-sm text-ink-300">{t("pageEdits.noTextChange")}</p>
              )}
              {edit.avatar ? (
                <figure className="space-y-1">
                  <img
                    src={`/admin/creator-edits/${edit.id}/avatar`}
                    alt={t("pageEdits.avatar")}
                    width={96}
                    height={96}
                    className="h-24 w-24 rounded-full object-cover"
                  />
                  <figcaption className="text-sm text-ink-300">{t("pageEdits.avatar")}</figcaption>
                </figure>
              ) : null}
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="edit" value={edit.id} />
                <input type="hidden" name="version" value={edit.version} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  className={`${DECISION_BUTTON} bg-emerald-700 text-white hover:bg-emerald-600`}
                >
                  {t("pageEdits.approve")}
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="reject"
                  className={`${DECISION_BUTTON} bg-ink-800 text-white hover:bg-ink-700`}
                >
                  {t("pageEdits.reject")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {d.next ? (
        <Link to={`/admin/creator-edits?after=${encodeURIComponent(d.next)}`} className="text-flame-300 underline">
          {t("pageEdits.more")}
        </Link>
      ) : null}
    </DecisionListPage>
  );
}
