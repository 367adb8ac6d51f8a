import type { RefObject } from "react";
import { toast } from "~/components/ui/toaster";
import { Spinner } from "./spinner";

/** What an account form says under itself: a confirmation (a status) or a refusal (an alert). */
export type ReplyMessage = { ok: boolean; text: string };

/** The form's submit button: a spinner and its busy label while the form posts. */
export function BusySubmit({
  busy,
  label,
  busyLabel,
  className = "",
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className={`flex items-center justify-center gap-2 rounded-full bg-flame-600 px-5 py-2.5 font-semibold text-white hover:bg-flame-700 disabled:opacity-60 ${className}`}
    >
      {busy ? <Spinner /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The line under the form, announced as it changes; `id` is what the field's aria-describedby names. */
export function ReplyLine({ id, message }: { id: string; message: ReplyMessage | null }) {
  if (!message) return null;
  return (
    <p id={id} role={message.ok ? "status" : "alert"} className={`mt-3 text-sm ${message.ok ? "text-emerald-300" : "text-red-300"}`}>
      {message.text}
    </p>
  );
}

/** One of the account page's form sections: its heading (which names the section) and a line of what it does. */
export function FormSection({ id, heading, intro, children }: { id: string; heading: string; intro: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id={id} className="mb-2 text-lg font-bold text-white">
        {heading}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{intro}</p>
      {children}
    </section>
  );
}

/** Says a refusal under the form and as a toast, and takes the visitor back to the field to correct it. */
export function sayRefusal(refusal: ReplyMessage, show: (message: ReplyMessage) => void, field: RefObject<HTMLInputElement | null>) {
  show(refusal);
  toast.error(refusal.text);
  field.current?.focus();
}
