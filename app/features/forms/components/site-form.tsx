import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/lib/i18n/react";
import { validate, type FieldErrors } from "../fields";
import type { FormActionData } from "../form-result";
import { LINE_MAX, TEXT_MAX } from "../sanitize";

export interface FieldSpec {
  name: string;
  kind: "text" | "url" | "email" | "tel" | "textarea" | "select" | "radio" | "file" | "checkbox";
  label: string;
  placeholder?: string;
  hint?: string;
  rows?: number;
  optional?: boolean;
  autoComplete?: string;
  /** File inputs: the types the picker offers. */
  accept?: string;
  /** Select and radio choices; a select also gets an empty placeholder option. */
  options?: { value: string; label: string }[];
  defaultValue?: string;
  /**
   * Classes for the field's wrapper; a literal `group-has-[…]/form:` class shows a field only
   * when another is chosen (pure CSS, so it works before and without JavaScript).
   */
  wrapperClass?: string;
}

interface SiteFormProps {
  id: string;
  schema: z.ZodType;
  fields: FieldSpec[];
  submitLabel: string;
  /** The success message (docs/product.md §4.5, §16.1): a toast with JavaScript, a status line without. */
  successMessage: string;
  actionData: FormActionData | undefined;
  /** A radio field that must be chosen before the button is enabled (claim). */
  requireChoice?: string;
  onSuccess?: () => void;
  /** What happens next, shown in the lasting panel after a success (with a link back to the clip, if any). */
  confirmation?: { body: string; clipPath?: string };
}

/**
 * One of the public forms (ADR 012, ADR 074). A plain POST form that the server
 * validates on its own; once hydrated it validates with the same Zod schema
 * on submit, then on every change after the first submit, and posts through
 * a fetcher without reloading the page.
 */
export function SiteForm({
  id,
  schema,
  fields,
  submitLabel,
  successMessage,
  actionData,
  requireChoice,
  onSuccess,
  confirmation,
}: SiteFormProps) {
  const { t } = useT("forms");
  const fetcher = useFetcher<FormActionData>();
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [tried, setTried] = useState(actionData?.ok === false);
  const [errors, setErrors] = useState<FieldErrors>(actionData?.ok === false ? actionData.errors : {});
  const [generation, setGeneration] = useState(0);
  // Stays once a submission went through (the toast fades; this does not), until the visitor leaves.
  const [succeeded, setSucceeded] = useState(actionData?.ok === true);
  const values = actionData?.ok === false ? actionData.values : {};
  // A form posted before hydration comes back with its choice already made.
  const [chosen, setChosen] = useState(() => requireChoice !== undefined && Boolean(values[requireChoice]));
  // After a success the fields start empty, prefilled values included (docs/product.md §9.1).
  const cleared = generation > 0 || actionData?.ok === true;
  const busy = fetcher.state !== "idle";
  // A form with a file field posts multipart, with or without JavaScript.
  const encType = fields.some((field) => field.kind === "file") ? "multipart/form-data" : undefined;

  useEffect(() => setHydrated(true), []);

  // Only a new answer matters, not a new callback identity.
  const onAnswer = useEffectEvent((result: NonNullable<typeof fetcher.data>) => {
    if (result.ok) {
      toast.success(successMessage);
      setErrors({});
      setTried(false);
      setChosen(false);
      setSucceeded(true);
      setGeneration((n) => n + 1);
      onSuccess?.();
    } else {
      setErrors(result.errors);
      if (result.errors.form) toast.error(result.errors.form);
    }
  });
  useEffect(() => {
    if (fetcher.data && fetcher.state === "idle") onAnswer(fetcher.data);
  }, [fetcher.data, fetcher.state]);

  // The server's messages come translated (ADR 024); the same schema's keys are translated here.
  const check = (element: HTMLFormElement) => {
    const result = validate(schema, Object.fromEntries(new FormData(element)));
    if (result.ok) return result;
    const errors = Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, t(key, { max: TEXT_MAX })]));
    return { ok: false as const, errors };
  };
  const message = (text: string | undefined) => text ?? null;

  return (
    <>
      {succeeded ? (
        <ConfirmationPanel title={successMessage} body={confirmation?.body} clipPath={confirmation?.clipPath} formId={id} />
      ) : null}
      <form
        key={generation}
        ref={form}
        id={id}
        method="post"
        encType={encType}
        noValidate
        className="group/form flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const result = check(element);
          setTried(true);
          if (!result.ok) {
            setErrors(result.errors);
            element.querySelector<HTMLElement>(`[name="${Object.keys(result.errors)[0]}"]`)?.focus();
            return;
          }
          setErrors({});
          const data = new FormData(element);
          data.set("_js", "1");
          void fetcher.submit(data, { method: "post", encType });
        }}
        onChange={(event) => {
          if (requireChoice) setChosen(new FormData(event.currentTarget).has(requireChoice));
          if (tried) {
            const result = check(event.currentTarget);
            setErrors(result.ok ? {} : result.errors);
          }
        }}
      >
        {errors.form ? (
          <p role="alert" className="rounded-xl border border-red-800 bg-red-950/60 px-4 py-3 text-red-200">
            {message(errors.form)}
          </p>
        ) : null}
        {fields.map((field) => (
          <Field
            key={field.name}
            formId={id}
            field={field}
            value={cleared ? undefined : (values[field.name] ?? field.defaultValue)}
            error={message(errors[field.name])}
            optionalLabel={t("optional")}
          />
        ))}
        <button
          type="submit"
          disabled={busy || (hydrated && requireChoice !== undefined && !chosen)}
          className="self-start rounded-full bg-flame-600 px-6 py-2.5 font-semibold text-white hover:bg-flame-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? t("sending") : submitLabel}
        </button>
      </form>
    </>
  );
}

/**
 * After a submission went through: what was received and what happens next, with a way back to
 * the clip it was about. It is a status region, so screen readers hear it; it stays on the page.
 */
function ConfirmationPanel({ title, body, clipPath, formId }: { title: string; body?: string; clipPath?: string; formId: string }) {
  const { t } = useT("forms");
  return (
    <div
      role="status"
      data-testid={`${formId}-confirmation`}
      className="flex flex-col gap-2 rounded-2xl border border-emerald-700 bg-emerald-950/60 px-5 py-4 text-emerald-100"
    >
      <p className="flex items-center gap-2 font-semibold text-white">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0 text-emerald-300"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12l5 5 9-10" />
        </svg>
        {title}
      </p>
      {body ? <p className="text-sm">{body}</p> : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {clipPath ? (
          <Link to={clipPath} className="font-semibold text-white underline underline-offset-4">
            {t("confirmation.backToClip")}
          </Link>
        ) : null}
        <Link to="/" className="text-emerald-200 underline underline-offset-4 hover:text-white">
          {t("backHome")}
        </Link>
      </p>
    </div>
  );
}

const control =
  "w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60 focus-visible:outline-2 focus-visible:outline-flame-400 aria-[invalid=true]:border-red-500";

function Field({
  formId,
  field,
  value,
  error,
  optionalLabel,
}: {
  formId: string;
  field: FieldSpec;
  value?: string;
  error: string | null;
  optionalLabel: string;
}) {
  const inputId = `${formId}-${field.name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = { name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, defaultValue: value };
  const label = (
    <>
      {field.label}
      {field.optional ? <span className="ml-1 font-normal text-ink-300">({optionalLabel})</span> : null}
    </>
  );
  const after = (
    <>
      {field.hint ? (
        <p id={hintId} className="text-xs text-ink-300">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );

  if (field.kind === "checkbox") {
    return (
      <div className={field.wrapperClass ?? "flex flex-col gap-1.5"}>
        <label className="flex items-start gap-3 text-sm text-ink-200">
          <input
            id={inputId}
            type="checkbox"
            name={field.name}
            value="on"
            defaultChecked={value === "on" || value === "true"}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="mt-1 h-4 w-4 shrink-0 accent-flame-500"
          />
          <span>{label}</span>
        </label>
        {after}
      </div>
    );
  }

  if (field.kind === "radio") {
    return (
      <fieldset className={field.wrapperClass ?? "flex flex-col gap-2"} aria-describedby={describedBy}>
        <legend className="mb-1 text-sm font-medium text-white">{label}</legend>
        {field.options?.map((option) => (
          <label
            key={option.value}
            className="flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-900 px-3 py-2.5 text-ink-200 has-checked:border-flame-500"
          >
            <input
              type="radio"
              name={field.name}
              value={option.value}
              defaultChecked={value === option.value}
              className="mt-1 accent-flame-500"
            />
            <span>{option.label}</span>
          </label>
        ))}
        {after}
      </fieldset>
    );
  }

  return (
    <div className={field.wrapperClass ?? "flex flex-col gap-1.5"}>
      <label htmlFor={inputId} className="text-sm font-medium text-white">
        {label}
      </label>
      {field.kind === "textarea" ? (
        <textarea id={inputId} rows={field.rows} maxLength={TEXT_MAX} placeholder={field.placeholder} className={control} {...common} />
      ) : field.kind === "select" ? (
        <select id={inputId} className={control} {...common} defaultValue={value ?? ""}>
          <option value="">{field.placeholder}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === "file" ? (
        <input
          id={inputId}
          type="file"
          accept={field.accept}
          className={`${control} file:mr-3 file:rounded-full file:border-0 file:bg-ink-700 file:px-3 file:py-1 file:text-white`}
          {...common}
          defaultValue={undefined}
        />
      ) : (
        <input
          id={inputId}
          type={field.kind}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete}
          inputMode={field.kind === "tel" ? "tel" : undefined}
          maxLength={LINE_MAX}
          className={control}
          {...common}
        />
      )}
      {after}
    </div>
  );
}
