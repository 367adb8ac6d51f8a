import { Form } from "react-router";
import { creatorEditForm, creatorForEdit, deskPage, editCreator, requireModerator } from "~/features/moderation/index.server";
import { CreatorEditForm } from "~/features/moderation";
import { getServices } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.creators";

export const handle: I18nHandle = { i18n: ["admin"] };

/** Finds a creator by slug or /creator/… URL for the desk to edit (docs/decisions/151-desk-edits-the-catalogue.md). */
export async function loader(args: Route.LoaderArgs) {
  const desk = await deskPage(args, { path: "/admin/creators", title: "creators.heading" });
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 500);
  return { q, creator: q ? await creatorForEdit(desk.services.db, q) : null, meta: desk.meta };
}

/** Saves a creator's name, bios and links, audited; `{ ok: true, changed }` or a translated refusal per field. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: creatorEditForm,
    handle: async (edit) => {
      const { changed } = await editCreator(getServices(args).db, actor, edit);
      return { changed: changed.length };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminCreators({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="creators-heading" className="space-y-4">
      <h1 id="creators-heading" className="text-2xl font-bold">
        {t("creators.heading")}
      </h1>
      <p className="text-ink-300">{t("creators.intro")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-1 flex-col gap-1">
          <span>{t("creators.label")}</span>
          <input name="q" defaultValue={d.q} required className="rounded bg-ink-900 p-2 text-ink-200" />
        </label>
        <button type="submit" className="rounded bg-ink-800 px-3 py-2 focus-visible:outline-2 focus-visible:outline-flame-400">
          {t("creators.find")}
        </button>
      </Form>
      {d.q && !d.creator ? <p role="status">{t("creators.notFound")}</p> : null}
      {d.creator ? (
        <div className="space-y-3">
          <p>
            <a href={`/creator/${d.creator.slug}`} className="text-flame-300 underline">
              {d.creator.name}
            </a>
          </p>
          <CreatorEditForm
            key={`${d.creator.id}:${d.creator.slug}:${d.creator.name}:${d.creator.bio}`}
            creator={d.creator}
            reply={actionData}
          />
        </div>
      ) : null}
    </section>
  );
}
