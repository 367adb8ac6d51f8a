import { Form } from "react-router";
import { requireModerator } from "~/features/moderation/moderators.server";
import { clipFileUrl, findClipForModeration, setClipHidden } from "~/features/moderation/clips-visibility.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { handleAction } from "~/lib/http/action.server";
import { Conflict, InvalidInput } from "~/lib/http/errors";
import { z } from "zod";
import type { Route } from "./+types/admin.clips";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 500);
  const found = q ? await findClipForModeration(db, q) : null;
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    q,
    clip: found && { ...found, thumbnailUrl: found.thumbnailKey ? clipFileUrl(found.id, "thumbnail") : null },
    meta: { title: t("clips.heading"), description: t("title"), origin, path: "/admin/clips", siteName: t("brand.name"), noindex: true },
  };
}

/**
 * Hides or shows a clip: `{ ok: true, intent }`, or a translated refusal when the clip is not there or
 * already so (ADR 024). The guard runs before the form is read, so the area stays a 404 to anyone else.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: z.object({ intent: z.string().default(""), clipId: z.string().default("") }),
    handle: async ({ intent, clipId }) => {
      if (intent !== "hide-clip" && intent !== "show-clip") throw new InvalidInput("item.failed");
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
      {actionData && !actionData.ok ? (
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
        </div>
      ) : null}
    </section>
  );
}
