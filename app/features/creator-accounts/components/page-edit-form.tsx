import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { OwnerPage } from "../page-edits.server";

type Reply = { ok: true } | { ok: false; errors: Record<string, string> };

const CONTROL =
  "w-full rounded-lg border border-ink-700 bg-ink-950 p-2 text-ink-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300 aria-[invalid=true]:border-red-400";

/** One labelled control with its message tied to it for screen readers. */
function Field({
  name,
  label,
  hint,
  reply,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  reply?: Reply;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const id = useId();
  const error = reply && !reply.ok ? reply.errors[name] : undefined;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold text-ink-100">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-300">
          {hint}
        </p>
      ) : null}
      {children({ id, name, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The owner's bio (both languages), links and avatar. Nothing is public until a moderator approves it: the form shows
 * the proposal waiting, if any, else what the page shows now.
 */
export function PageEditForm({ page, reply }: { page: OwnerPage; reply?: Reply }) {
  const { t } = useT("creator-accounts");
  const busy = useNavigation().state !== "idle";
  const shown = page.waiting ?? page.current;
  const formError = reply && !reply.ok ? reply.errors.form : undefined;
  return (
    <section aria-labelledby="page-edit-heading" className="flex flex-col gap-4 rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="page-edit-heading" className="text-lg font-bold text-white">
        {t("page.heading", { name: page.name })}
      </h2>
      <p className="max-w-prose text-sm text-ink-300">{t("page.intro")}</p>
      {reply?.ok ? (
        <p role="status" className="text-sm text-emerald-300">
          {t("page.sent")}
        </p>
      ) : page.waiting ? (
        <p role="status" className="text-sm text-amber-200">
          {t("page.waiting")}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="text-sm text-red-300">
          {formError}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="page" />
        <input type="hidden" name="creator" value={page.slug} />
        <Field name="bio" label={t("page.bio")} reply={reply}>
          {(props) => <textarea {...props} rows={4} maxLength={1000} defaultValue={shown.bio ?? ""} className={CONTROL} />}
        </Field>
        <Field name="bioEs" label={t("page.bioEs")} reply={reply}>
          {(props) => <textarea {...props} lang="es" rows={4} maxLength={1000} defaultValue={shown.bioEs ?? ""} className={CONTROL} />}
        </Field>
        <Field name="twitterUrl" label={t("page.twitter")} reply={reply}>
          {(props) => <input {...props} type="url" maxLength={500} defaultValue={shown.twitterProfileUrl ?? ""} className={CONTROL} />}
        </Field>
        <Field name="websiteUrl" label={t("page.website")} reply={reply}>
          {(props) => <input {...props} type="url" maxLength={500} defaultValue={shown.websiteUrl ?? ""} className={CONTROL} />}
        </Field>
        <Field name="avatar" label={t("page.avatar")} hint={t("page.avatarHint")} reply={reply}>
          {(props) => <input {...props} type="file" accept="image/jpeg,image/png,image/webp" className={CONTROL} />}
        </Field>
        <button
          type="submit"
          disabled={busy}
          className="self-start rounded-full bg-flame-500 px-5 py-2 font-semibold text-white hover:bg-flame-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
        >
          {t("page.submit")}
        </button>
      </Form>
    </section>
  );
}
