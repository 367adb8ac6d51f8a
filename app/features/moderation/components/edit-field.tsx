import { useId } from "react";
import { useT } from "~/lib/i18n/react";
import { focusRing } from "./admin-ui";

export type Reply = { ok: true } | { ok: false; errors: Record<string, string> };

export const input = `w-full rounded bg-ink-900 p-2 text-ink-100 ${focusRing}`;

/** A labelled field with its message under it (the message is tied to the control for screen readers). */
export function Field({
  name,
  label,
  reply,
  children,
}: {
  name: string;
  label: string;
  reply?: Reply;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const id = useId();
  const error = reply && !reply.ok ? reply.errors[name] : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}) })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Outcome({ reply }: { reply?: Reply }) {
  const { t } = useT("admin");
  if (!reply) return null;
  if (reply.ok) return <p role="status">{t("edit.saved")}</p>;
  return reply.errors.form ? (
    <p role="alert" className="text-red-300">
      {reply.errors.form}
    </p>
  ) : null;
}
