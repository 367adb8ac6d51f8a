import { data, Form, Link, useActionData } from "react-router";
import { ActionButton, DeadlineBadge, FormattedDate } from "~/features/moderation/components/admin-ui";
import { requireAdmin } from "~/features/moderation/admins.server";
import { clipFileUrl, clipForItem, setClipHidden } from "~/features/moderation/clips-visibility.server";
import { publishSubmission } from "~/features/moderation/publish-submission.server";
import { discardUpload } from "~/features/moderation/quarantine.server";
import { submissionUploadView } from "~/features/moderation/submission-upload-view.server";
import { SubmissionUpload, UPLOAD_FIELDS } from "~/features/moderation/components/submission-upload";
import {
  isQueue,
  queueHasClip,
  queueHasDeadline,
  queueItem,
  saveNote,
  senderEmail,
  setStatus,
  type QueueRow,
} from "~/features/moderation/queues.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/http/form";
import type { Route } from "./+types/admin.item";

export const handle: I18nHandle = { i18n: ["admin", "forms"] };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { queue, id } = args.params;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const { db, origin } = getServices(args);
  const found = await queueItem(db, queue, id);
  if (!found) throw data(null, { status: 404 });
  // A deleted account leaves its id; an existing one reads as its e-mail.
  const item: QueueRow = { ...found, userId: (await senderEmail(db, found.userId)) ?? found.userId };
  const clipRow = queueHasClip(queue) && typeof item.clipId === "string" ? await clipForItem(db, item.clipId) : null;
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    queue,
    item,
    upload: queue === "submissions" ? await submissionUploadView(db, item) : null,
    deadline: queueHasDeadline(queue),
    now: new Date().toISOString(),
    // Admins are trusted adults past the age gate: the preview shows media.
    // The preview comes through the admin's own route: /media withholds a hidden clip's files.
    clip: clipRow && {
      ...clipRow,
      thumbnailUrl: clipRow.thumbnailKey ? clipFileUrl(clipRow.id, "thumbnail") : null,
      videoUrl: clipFileUrl(clipRow.id, "video"),
    },
    meta: {
      title: `${t(`queues.${queue}`)} · ${t("item.heading")}`,
      description: t("title"),
      origin,
      path: `/admin/${queue}/${id}`,
      siteName: t("brand.name"),
      noindex: true,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const { queue, id } = args.params;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const { db, storage } = getServices(args);
  if (args.request.method !== "POST") return data({ ok: false, errors: undefined }, { status: 405, headers: { Allow: "POST" } });
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  let ok = false;
  if (intent === "note") ok = await saveNote(db, actor, queue, id, String(form.get("note") ?? ""));
  else if (intent === "resolve" || intent === "reject") {
    ok = await setStatus(db, actor, queue, id, intent === "resolve" ? "resolved" : "rejected");
    if (ok && intent === "reject" && queue === "submissions") await discardUpload(db, storage, id);
  } else if (intent === "publish" && queue === "submissions") {
    const outcome = await publishSubmission(getServices(args), actor, id, {
      ...Object.fromEntries(form),
      audiences: form.getAll("audiences"),
    });
    return data({ ok: outcome.ok, errors: outcome.ok ? undefined : outcome.errors }, { status: outcome.ok ? 200 : 400 });
  } else if ((intent === "hide-clip" || intent === "show-clip") && queueHasClip(queue)) {
    const item = await queueItem(db, queue, id);
    if (item && typeof item.clipId === "string")
      ok = (await setClipHidden(db, actor, item.clipId, intent === "hide-clip", `${queue}/${id}`)).ok;
  }
  return data({ ok, errors: undefined }, { status: ok ? 200 : 400 });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

const DATE_FIELDS = new Set(["createdAt", "updatedAt"]);
const HIDDEN_FIELDS = new Set(["moderatorNote", ...UPLOAD_FIELDS]);

export default function AdminItem({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT("admin");
  const { t: formsT } = useT("forms");
  const result = useActionData<typeof action>();
  // Values the visitor chose from a list read in the moderator's language; typed text stays as typed.
  const fieldText = (field: string, value: string) =>
    field === "status"
      ? t(`itemStates.${value}`)
      : field === "position"
        ? t(`positions.${value}`)
        : field === "category" && d.queue === "submissions"
          ? formsT(`submit.categories.${value}`, { defaultValue: value })
          : value;
  const entries = Object.entries(d.item).filter(([k]) => !HIDDEN_FIELDS.has(k) && k !== "overdue");
  return (
    <article aria-labelledby="item-heading" className="space-y-6">
      <Link to={`/admin/${d.queue}`} className="text-sm text-flame-300 underline">
        {t("item.back")}
      </Link>
      <h1 id="item-heading" className="text-2xl font-bold">
        {t(`queues.${d.queue}`)} · {t("item.heading")}
      </h1>
      {d.deadline && d.item.status === "open" ? <DeadlineBadge createdAt={d.item.createdAt} overdue={d.item.overdue} now={d.now} /> : null}
      {/* Always present, so screen readers announce the text when an action's answer fills it. */}
      <p role="status" className={result?.ok ? "text-green-300" : "text-red-300"}>
        {result ? (result.ok ? t("item.saved") : t("item.failed")) : null}
      </p>
      <section aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="mb-2 text-lg font-semibold">
          {t("item.fields")}
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
          {entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-semibold text-ink-300">{t(`fieldNames.${k}`)}</dt>
              <dd className="break-words whitespace-pre-wrap">
                {v == null ? "—" : DATE_FIELDS.has(k) ? <FormattedDate value={String(v)} /> : fieldText(k, String(v))}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {d.clip !== null || "clipId" in d.item ? (
        <section aria-labelledby="clip-heading" className="space-y-2">
          <h2 id="clip-heading" className="text-lg font-semibold">
            {t("item.clip")}
          </h2>
          {d.clip ? (
            <>
              <p>
                <a href={`/video/${d.clip.slug}`} className="text-flame-300 underline">
                  {d.clip.title}
                </a>{" "}
                ({t("item.openClip")})
              </p>
              {d.clip.status === "hidden" ? <p className="text-red-300">{t("item.clipHidden")}</p> : null}
              {d.clip.videoUrl ? (
                <video
                  controls
                  preload="none"
                  poster={d.clip.thumbnailUrl ?? undefined}
                  className="max-h-80 rounded"
                  aria-label={d.clip.title}
                >
                  <source src={d.clip.videoUrl} type="video/mp4" />
                </video>
              ) : null}
              {d.clip.status === "hidden" ? (
                <ActionButton intent="show-clip" label={t("item.showClip")} />
              ) : d.clip.status === "published" ? (
                <ActionButton intent="hide-clip" label={t("item.hideClip")} danger />
              ) : null}
            </>
          ) : (
            <p>{t("item.noClip")}</p>
          )}
        </section>
      ) : null}
      {d.upload ? <SubmissionUpload upload={d.upload} errors={result?.errors} /> : null}
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="moderator-note" className="block font-semibold">
          {t("item.note")}
        </label>
        <textarea
          id="moderator-note"
          name="note"
          rows={4}
          maxLength={5000}
          defaultValue={String(d.item.moderatorNote ?? "")}
          className="w-full rounded bg-ink-900 p-2 text-ink-200"
        />
        <button type="submit" className="rounded bg-ink-800 px-3 py-2 focus-visible:outline-2 focus-visible:outline-flame-400">
          {t("item.saveNote")}
        </button>
      </Form>
      <div className="flex gap-3">
        <ActionButton intent="resolve" label={t("item.resolve")} />
        <ActionButton intent="reject" label={t("item.reject")} danger />
      </div>
    </article>
  );
}
