import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { AUDIENCES } from "~/lib/audience";
import { useT } from "~/lib/i18n/react";
import type { publishState } from "../publish-submission.server";
import type { SubmissionUploadView } from "../submission-upload-view.server";
import { localName } from "~/lib/i18n/languages";

type PublishState = Awaited<ReturnType<typeof publishState>>;

/** While ffmpeg works in its job, the page asks for news every two seconds. */
function usePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => state === "idle" && void revalidate(), 2000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

/** Where the publish job is: queued, running, refused as a copy of a blocked clip (with an override), or failed. */
function PublishProgress({ publish }: { publish: NonNullable<PublishState> }) {
  const { t } = useT("admin");
  if (publish.state === "queued" || publish.state === "running") return <p role="status">{t(`publish.state.${publish.state}`)}</p>;
  if (publish.state === "failed") {
    const code = /^publish\.errors\.([a-z-]+):/.exec(publish.error ?? "")?.[1];
    return (
      <p role="alert" className="text-red-300">
        {code ? t(`publish.errors.${code}`) : t("publish.state.failed", { error: publish.error ?? "" })}
      </p>
    );
  }
  if (!publish.refusal) return null;
  const { refusal } = publish;
  return (
    <div role="alert" className="space-y-2 rounded-xl border border-red-700 bg-red-950/50 p-3">
      <p className="font-semibold">
        {t("publish.refused", { title: refusal.clipTitle, distance: refusal.distance, coverage: Math.round(refusal.coverage * 100) })}
      </p>
      <p className="text-sm">{t(`publish.blockReasons.${refusal.reason}`, { defaultValue: refusal.reason })}</p>
      {refusal.clipId ? (
        <p className="text-sm">
          <a href={`/admin/clips?q=${refusal.clipId}`} className="text-flame-300 underline">
            {t("publish.seeBlocked")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

const control =
  "w-full rounded bg-ink-900 p-2 text-ink-100 focus-visible:outline-2 focus-visible:outline-flame-400 aria-[invalid=true]:outline aria-[invalid=true]:outline-red-500";

/** The submission's quarantined file: what it is, a private preview, publishing a video as a clip, or an image as a creator's picture. */
export function SubmissionUpload({
  upload,
  publish,
  errors = {},
}: {
  upload: SubmissionUploadView;
  publish: PublishState;
  /** The publish form's refusal: messages per field (`form` for the whole form), translated by the action. */
  errors?: Record<string, string>;
}) {
  const { t, language } = useT("admin");
  const navigation = useNavigation();
  const pending = publish?.state === "queued" || publish?.state === "running";
  usePolling(pending);
  const publishing =
    pending || (navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").startsWith("publish"));
  const { file, link } = upload;
  const intent = link ? "publish-link" : "publish";
  const size = file ? fileSize(file.bytes, language) : "";
  const error = (field: string) =>
    errors[field] ? (
      <p id={`publish-${field}-error`} className="text-sm text-red-300">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `publish-${field}-error` } : {});

  return (
    <section aria-labelledby="upload-heading" className="space-y-3">
      <h2 id="upload-heading" className="text-lg font-semibold">
        {link ? t("publish.linkHeading") : t("upload.heading")}
      </h2>
      {link ? <p>{t("upload.linkOnly")}</p> : null}
      {link?.media ? (
        <video controls preload="metadata" className="max-h-80 rounded" aria-label={t("upload.preview")}>
          <source src={link.media.previewUrl} />
        </video>
      ) : null}
      {file ? <p>{t("upload.summary", { name: file.name, kind: t(`upload.kinds.${file.kind}`), type: file.type, size })}</p> : null}
      {file?.previewUrl ? (
        file.kind === "video" ? (
          <video controls preload="metadata" className="max-h-80 rounded" aria-label={t("upload.preview")}>
            <source src={file.previewUrl} type={file.type} />
          </video>
        ) : (
          <img src={file.previewUrl} alt={t("upload.preview")} className="max-h-80 rounded" />
        )
      ) : null}
      {file?.kind === "image" && file.previewUrl ? (
        <Form method="post" className="grid max-w-xl gap-3" aria-labelledby="avatar-heading">
          <h3 id="avatar-heading" className="font-semibold">
            {t("avatar.heading")}
          </h3>
          <p className="text-sm text-ink-300">{t("avatar.intro")}</p>
          <input type="hidden" name="intent" value="avatar" />
          <label htmlFor="avatar-creator" className="font-semibold">
            {t("avatar.creator")}
          </label>
          <input id="avatar-creator" name="creator" required maxLength={300} className={control} />
          <button
            type="submit"
            className="justify-self-start rounded bg-emerald-700 px-3 py-2 font-semibold text-white hover:bg-emerald-600 focus-visible:outline-2 focus-visible:outline-flame-400"
          >
            {t("avatar.submit")}
          </button>
        </Form>
      ) : null}
      {upload.publishedClip ? (
        <p>
          {t("upload.published")}{" "}
          <a href={`/video/${upload.publishedClip.slug}`} className="text-flame-300 underline">
            {upload.publishedClip.title}
          </a>
        </p>
      ) : null}
      {publish ? <PublishProgress publish={publish} /> : null}
      {upload.categories ? (
        <Form
          method="post"
          encType={link ? "multipart/form-data" : undefined}
          className="grid max-w-xl gap-3"
          aria-labelledby="publish-heading"
        >
          <h3 id="publish-heading" className="font-semibold">
            {t("publish.heading")}
          </h3>
          <p className="text-sm text-ink-300">{link ? t("publish.linkIntro") : t("publish.intro")}</p>
          <input type="hidden" name="intent" value={intent} />
          {error("form") ? <div role="alert">{error("form")}</div> : null}
          {link ? (
            <>
              <label htmlFor="publish-media" className="font-semibold">
                {t("publish.media")}
              </label>
              {link.media ? (
                <p id="publish-media-hint" className="text-sm text-ink-300">
                  {t("publish.mediaAttached", { name: link.media.name })}
                </p>
              ) : null}
              <input
                id="publish-media"
                name="media"
                type="file"
                accept="video/mp4,video/webm,video/quicktime"
                required={!link.media}
                className={control}
                {...(errors.media ? invalid("media") : link.media ? { "aria-describedby": "publish-media-hint" } : {})}
              />
              {error("media")}
            </>
          ) : null}
          <label htmlFor="publish-title" className="font-semibold">
            {t("publish.title")}
          </label>
          <input id="publish-title" name="title" required defaultValue={upload.suggestedTitle} className={control} {...invalid("title")} />
          {error("title")}
          <label htmlFor="publish-category" className="font-semibold">
            {t("publish.category")}
          </label>
          <select id="publish-category" name="categorySlug" required defaultValue="" className={control} {...invalid("categorySlug")}>
            <option value="">{t("publish.categoryPlaceholder")}</option>
            {upload.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {localName(language, c)}
              </option>
            ))}
          </select>
          {error("categorySlug")}
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <label htmlFor="publish-start" className="font-semibold">
                {t("publish.start")}
              </label>
              <input
                id="publish-start"
                name="startSeconds"
                type="number"
                min={0}
                step="0.1"
                inputMode="decimal"
                className={control}
                {...invalid("startSeconds")}
              />
              {error("startSeconds")}
            </div>
            <div className="grid gap-1">
              <label htmlFor="publish-end" className="font-semibold">
                {t("publish.end")}
              </label>
              <input
                id="publish-end"
                name="endSeconds"
                type="number"
                min={0}
                step="0.1"
                inputMode="decimal"
                className={control}
                {...invalid("endSeconds")}
              />
              {error("endSeconds")}
            </div>
          </div>
          <fieldset className="grid gap-1" aria-describedby={errors.audiences ? "publish-audiences-error" : "publish-audiences-hint"}>
            <legend className="font-semibold">{t("publish.audiences")}</legend>
            <p id="publish-audiences-hint" className="text-sm text-ink-300">
              {t("publish.audiencesHint")}
            </p>
            <div className="flex flex-wrap gap-4">
              {AUDIENCES.map((audience) => (
                <label key={audience} className="flex items-center gap-2">
                  <input type="checkbox" name="audiences" value={audience} defaultChecked className="accent-flame-500" />
                  {t(`audience.${audience}`)}
                </label>
              ))}
            </div>
            {error("audiences")}
          </fieldset>
          {publish?.refusal ? (
            <label className="flex items-start gap-2 rounded border border-red-700 p-2">
              <input type="checkbox" name="override" value="1" className="mt-1 accent-flame-500" />
              <span>{t("publish.override")}</span>
            </label>
          ) : null}
          <button
            type="submit"
            disabled={publishing}
            className="justify-self-start rounded bg-flame-500 px-3 py-2 font-semibold text-ink-950 focus-visible:outline-2 focus-visible:outline-flame-300 disabled:opacity-60"
          >
            {publishing ? t("publish.busy") : t("publish.submit")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** "840 KB", "12.5 MB": small files do not read as "0 MB". */
function fileSize(bytes: number, language: string): string {
  const unit = bytes < 1024 * 1024 ? "kilobyte" : "megabyte";
  const value = unit === "kilobyte" ? Math.max(1, Math.round(bytes / 1024)) : bytes / 1024 / 1024;
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
