import { Form, useNavigation } from "react-router";
import { AUDIENCES } from "~/lib/audience";
import { useT } from "~/lib/i18n/react";
import type { SubmissionUploadView } from "../submission-upload-view.server";

/** Submission columns shown by this panel rather than the item's plain field list. */
export const UPLOAD_FIELDS = ["uploadKey", "uploadKind", "uploadType", "uploadBytes", "uploadName", "publishedClipId"] as const;

const control =
  "w-full rounded bg-ink-900 p-2 text-ink-100 focus-visible:outline-2 focus-visible:outline-flame-400 aria-[invalid=true]:outline aria-[invalid=true]:outline-red-500";

/** The submission's quarantined file: what it is, a private preview, and publishing a video as a clip. */
export function SubmissionUpload({ upload, errors = {} }: { upload: SubmissionUploadView; errors?: Record<string, string> }) {
  const { t, language } = useT("admin");
  const navigation = useNavigation();
  const publishing = navigation.state === "submitting" && navigation.formData?.get("intent") === "publish";
  const { file } = upload;
  const size = file ? fileSize(file.bytes, language) : "";
  const error = (field: string) =>
    errors[field] ? (
      <p id={`publish-${field}-error`} className="text-sm text-red-300">
        {t(errors[field]!)}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `publish-${field}-error` } : {});

  return (
    <section aria-labelledby="upload-heading" className="space-y-3">
      <h2 id="upload-heading" className="text-lg font-semibold">
        {t("upload.heading")}
      </h2>
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
      {upload.publishedClip ? (
        <p>
          {t("upload.published")}{" "}
          <a href={`/video/${upload.publishedClip.slug}`} className="text-flame-300 underline">
            {upload.publishedClip.title}
          </a>
        </p>
      ) : null}
      {upload.categories ? (
        <Form method="post" className="grid max-w-xl gap-3" aria-labelledby="publish-heading">
          <h3 id="publish-heading" className="font-semibold">
            {t("publish.heading")}
          </h3>
          <p className="text-sm text-ink-300">{t("publish.intro")}</p>
          <input type="hidden" name="intent" value="publish" />
          {error("form") ? <div role="alert">{error("form")}</div> : null}
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
                {language === "es" ? c.nameEs : c.nameEn}
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
