import { useId } from "react";
import { Form } from "react-router";
import { AUDIENCES } from "~schema/values";
import { useT } from "~/lib/i18n/react";
import { audienceField } from "../catalogue-edit-fields";
import { DECISION_STYLES, focusRing } from "./admin-ui";
import { Field, input, Outcome, type Reply } from "./edit-field";

/** The desk's clip edit: title, descriptions in both languages, category, audiences, creator (ADR 151). */
export function ClipEditForm({
  clip,
  categories,
  reply,
}: {
  clip: {
    id: string;
    title: string;
    description: string | null;
    descriptionEs: string | null;
    category: string;
    creator: string;
    audiences: string[];
  };
  categories: { slug: string; name: string }[];
  reply?: Reply;
}) {
  const { t } = useT("admin");
  const headingId = useId();
  const audienceError = reply && !reply.ok ? reply.errors.audiences : undefined;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-ink-800 p-4">
      <h2 id={headingId} className="text-lg font-bold">
        {t("edit.clipHeading")}
      </h2>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="edit-clip" />
        <input type="hidden" name="clipId" value={clip.id} />
        <Field name="title" label={t("edit.title")} reply={reply}>
          {(props) => <input {...props} name="title" defaultValue={clip.title} required maxLength={200} className={input} />}
        </Field>
        <Field name="description" label={t("edit.description")} reply={reply}>
          {(props) => (
            <textarea {...props} name="description" defaultValue={clip.description ?? ""} maxLength={2000} rows={3} className={input} />
          )}
        </Field>
        <Field name="descriptionEs" label={t("edit.descriptionEs")} reply={reply}>
          {(props) => (
            <textarea
              {...props}
              name="descriptionEs"
              defaultValue={clip.descriptionEs ?? ""}
              maxLength={2000}
              rows={3}
              lang="es"
              className={input}
            />
          )}
        </Field>
        <Field name="category" label={t("edit.category")} reply={reply}>
          {(props) => (
            <select {...props} name="category" defaultValue={clip.category} className={input}>
              {categories.some((category) => category.slug === clip.category) ? null : (
                <option value={clip.category}>{clip.category}</option>
              )}
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset aria-describedby={audienceError ? `${headingId}-audiences` : undefined}>
          <legend>{t("edit.audiences")}</legend>
          <div className="flex flex-wrap gap-4">
            {AUDIENCES.map((audience) => (
              <label key={audience} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name={audienceField(audience)}
                  defaultChecked={clip.audiences.includes(audience)}
                  className={focusRing}
                />
                {t(`edit.audience.${audience}`)}
              </label>
            ))}
          </div>
          {audienceError ? (
            <p id={`${headingId}-audiences`} className="text-sm text-red-300">
              {audienceError}
            </p>
          ) : null}
        </fieldset>
        <Field name="creator" label={t("edit.creator")} reply={reply}>
          {(props) => <input {...props} name="creator" defaultValue={clip.creator} required maxLength={200} className={input} />}
        </Field>
        <button type="submit" className={DECISION_STYLES.neutral}>
          {t("edit.save")}
        </button>
        <Outcome reply={reply} />
      </Form>
    </section>
  );
}

/** The desk's creator edit: name, bios in both languages, links (ADR 151). */
export function CreatorEditForm({
  creator,
  reply,
}: {
  creator: {
    id: string;
    slug: string;
    name: string;
    bio: string | null;
    bioEs: string | null;
    twitterUrl: string | null;
    websiteUrl: string | null;
  };
  reply?: Reply;
}) {
  const { t } = useT("admin");
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="creatorId" value={creator.id} />
      <Field name="name" label={t("edit.name")} reply={reply}>
        {(props) => <input {...props} name="name" defaultValue={creator.name} required maxLength={100} className={input} />}
      </Field>
      <Field name="slug" label={t("edit.slug")} reply={reply}>
        {(props) => (
          <input
            {...props}
            name="slug"
            defaultValue={creator.slug}
            required
            maxLength={100}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoCapitalize="none"
            spellCheck={false}
            className={input}
          />
        )}
      </Field>
      <Field name="bio" label={t("edit.bio")} reply={reply}>
        {(props) => <textarea {...props} name="bio" defaultValue={creator.bio ?? ""} maxLength={1000} rows={3} className={input} />}
      </Field>
      <Field name="bioEs" label={t("edit.bioEs")} reply={reply}>
        {(props) => (
          <textarea {...props} name="bioEs" defaultValue={creator.bioEs ?? ""} maxLength={1000} rows={3} lang="es" className={input} />
        )}
      </Field>
      <Field name="twitterUrl" label={t("edit.twitterUrl")} reply={reply}>
        {(props) => (
          <input {...props} name="twitterUrl" type="url" defaultValue={creator.twitterUrl ?? ""} maxLength={500} className={input} />
        )}
      </Field>
      <Field name="websiteUrl" label={t("edit.websiteUrl")} reply={reply}>
        {(props) => (
          <input {...props} name="websiteUrl" type="url" defaultValue={creator.websiteUrl ?? ""} maxLength={500} className={input} />
        )}
      </Field>
      <button type="submit" className={DECISION_STYLES.neutral}>
        {t("edit.save")}
      </button>
      <Outcome reply={reply} />
    </Form>
  );
}

/**
 * The desk's captions for a clip: the languages attached, each with its remove button, and a form attaching a WebVTT
 * file in a language (replacing the one there). The file is checked on the server (signature, UTF-8, size).
 */
export function ClipCaptionsForm({
  clipId,
  captions,
  reply,
}: {
  clipId: string;
  captions: { language: "en" | "es" }[];
  reply?: ({ ok: true; intent: string } | { ok: false; errors: Record<string, string> }) & object;
}) {
  const { t } = useT("admin");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-ink-800 p-4">
      <h2 id={headingId} className="text-lg font-bold">
        {t("edit.captionsHeading")}
      </h2>
      <p className="text-sm text-ink-300">{t("edit.captionsIntro")}</p>
      {captions.length === 0 ? (
        <p>{t("edit.captionsNone")}</p>
      ) : (
        <ul className="space-y-2">
          {captions.map(({ language }) => (
            <li key={language} className="flex flex-wrap items-center gap-3">
              <span>{t(`edit.languages.${language}`)}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-captions" />
                <input type="hidden" name="clipId" value={clipId} />
                <input type="hidden" name="language" value={language} />
                <button type="submit" className={DECISION_STYLES.neutral}>
                  {t("edit.captionsRemove", { language: t(`edit.languages.${language}`) })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="attach-captions" />
        <input type="hidden" name="clipId" value={clipId} />
        <Field name="language" label={t("edit.captionsLanguage")} reply={reply}>
          {(props) => (
            <select {...props} name="language" defaultValue="en" className={input}>
              <option value="en">{t("edit.languages.en")}</option>
              <option value="es">{t("edit.languages.es")}</option>
            </select>
          )}
        </Field>
        <Field name="captions" label={t("edit.captionsFile")} reply={reply}>
          {(props) => <input {...props} name="captions" type="file" accept=".vtt,text/vtt" required className={input} />}
        </Field>
        <button type="submit" className={DECISION_STYLES.neutral}>
          {t("edit.captionsAttach")}
        </button>
        {reply?.ok ? (
          <p role="status">{t(reply.intent === "remove-captions" ? "edit.captionsRemoved" : "edit.captionsAttached")}</p>
        ) : reply?.errors.form ? (
          <p role="alert" className="text-red-300">
            {reply.errors.form}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
