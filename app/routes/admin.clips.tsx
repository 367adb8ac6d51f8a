import { Form } from "react-router";
import {
  attachCaptions,
  clipEditForm,
  clipFileUrl,
  clipForEdit,
  editClip,
  findClipForModeration,
  removeCaptions,
  requireModerator,
  setClipHidden,
} from "~/features/moderation/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { handleAction } from "~/lib/http/action.server";
import { Conflict, InvalidFields } from "~/lib/http/errors";
import { formValues } from "~/lib/http/action.server";
import { ClipCaptionsForm, ClipEditForm } from "~/features/moderation";
import { activeCategories } from "~/features/clips/index.server";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { Route } from "./+types/admin.clips";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 500);
  const found = q ? await findClipForModeration(db, q) : null;
  const t = await serverT(getVisitor(args).language, "admin");
  const [editable, categories] = found ? await Promise.all([clipForEdit(db, found.id), activeCategories(db)]) : [null, []];
  return {
    q,
    clip: found && { ...found, thumbnailUrl: found.thumbnailKey ? clipFileUrl(found.id, "thumbnail") : null },
    editable,
    categories: categories.map(({ slug, nameEn }) => ({ slug, name: nameEn })),
    meta: { title: t("clips.heading"), description: t("title"), origin, path: "/admin/clips", siteName: t("brand.name"), noindex: true },
  };
}

const CLIP_FORM = z
  .object({
    intent: intentField(["edit-clip", "attach-captions", "remove-captions", "hide-clip", "show-clip"], "item.failed"),
    clipId: z.string().default(""),
  })
  .loose();

/**
 * Hides or shows a clip, or edits it (`intent=edit-clip`, docs/decisions/151-desk-edits-the-catalogue.md), or
 * attaches (`intent=attach-captions`, multipart: `language`, `captions` file) or removes (`intent=remove-captions`) its
 * captions in a language:
 * `{ ok: true, intent }`, or a translated refusal when the clip is not there or already so (ADR 024). The guard
 * runs before the form is read, so the area stays a 404 to anyone else.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: CLIP_FORM,
    handle: async ({ intent, clipId }, { form }) => {
      if (intent === "edit-clip") {
        const parsed = clipEditForm.safeParse(formValues(form));
        if (!parsed.success) throw InvalidFields.fromIssues(parsed.error.issues);
        const { changed } = await editClip(getServices(args).db, actor, parsed.data);
        return { intent, changed: changed.length };
      }
      if (intent === "attach-captions" || intent === "remove-captions") {
        const { db, storage } = getServices(args);
        const language = String(form.get("language") ?? "");
        if (intent === "remove-captions") await removeCaptions(db, storage, actor, { clipId, language });
        else {
          const file = form.get("captions");
          const bytes = file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
          await attachCaptions(db, storage, actor, { clipId, language, file: bytes });
        }
        return { intent };
      }
      const result = await setClipHidden(getServices(args).db, actor, clipId, intent === "hide-clip");
      if (!result.ok) throw new Conflict("item.failed");
      return { intent };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminClips({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="clips-heading" className="space-y-4">
      <h1 id="clips-heading" className="text-2xl font-bold">
        {t("clips.heading")}
      </h1>
      <p className="text-ink-300">{t("clips.intro")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-1 flex-col gap-1">
          <span>{t("clips.label")}</span>
          <input name="q" defaultValue={d.q} required className="rounded bg-ink-900 p-2 text-ink-200" />
        </label>
        <button type="submit" className="rounded bg-ink-800 px-3 py-2 focus-visible:outline-2 focus-visible:outline-flame-400">
          {t("clips.find")}
        </button>
      </Form>
      {d.q && !d.clip ? <p role="status">{t("clips.notFound")}</p> : null}
      {actionData && !actionData.ok && !["edit-clip", "attach-captions", "remove-captions"].includes(actionData.values.intent ?? "") ? (
        <p role="alert" className="text-red-300">
          {actionData.errors.form}
        </p>
      ) : null}
      {d.clip ? (
        <div className="space-y-2">
          <p>
            <a href={`/video/${d.clip.slug}`} className="text-flame-300 underline">
              {d.clip.title}
            </a>
          </p>
          <p>{t("clips.status", { status: t(`clipStatus.${d.clip.status}`) })}</p>
          {d.clip.thumbnailUrl ? <img src={d.clip.thumbnailUrl} alt="" className="max-h-48 rounded" /> : null}
          <Form method="post">
            <input type="hidden" name="clipId" value={d.clip.id} />
            {d.clip.status === "hidden" ? (
              <button
                type="submit"
                name="intent"
                value="show-clip"
                className="rounded bg-flame-500 px-3 py-2 font-semibold text-ink-950 focus-visible:outline-2 focus-visible:outline-flame-300"
              >
                {t("item.showClip")}
              </button>
            ) : d.clip.status === "published" ? (
              <button
                type="submit"
                name="intent"
                value="hide-clip"
                className="rounded bg-red-700 px-3 py-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-flame-300"
              >
                {t("item.hideClip")}
              </button>
            ) : null}
          </Form>
          {d.editable ? (
            <ClipEditForm
              key={`${d.editable.id}:${d.editable.title}`}
              clip={d.editable}
              categories={d.categories}
              reply={
                actionData && (actionData.ok ? actionData.intent === "edit-clip" : actionData.values.intent === "edit-clip")
                  ? actionData
                  : undefined
              }
            />
          ) : null}
          {d.editable ? (
            <ClipCaptionsForm
              clipId={d.editable.id}
              captions={d.editable.captions}
              reply={
                actionData && (actionData.ok ? actionData.intent : actionData.values.intent)?.endsWith("-captions") ? actionData : undefined
              }
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
