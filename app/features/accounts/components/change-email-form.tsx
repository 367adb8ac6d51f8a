import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { checkNewEmail } from "../change-email";
import { Spinner } from "./spinner";

/** The /my-account action's reply to this form (ADR 024): the refusal's message is already translated. */
export type ChangeEmailActionData = ActionReply<{ intent: string }>;

/** The line a reply shows under the form: the confirmation, or the refusal's message. */
const said = (reply: ChangeEmailActionData, sent: string) => ({ ok: reply.ok, text: reply.ok ? sent : (reply.errors.form ?? "") });

/**
 * Update-email form: instant 'Please enter your new email.' (inline and as a
 * toast), 'Updating...' while it posts, then a toast asking to check both
 * inboxes. A plain POST to /my-account without JavaScript (`initial` is then
 * the action's answer).
 */
export function ChangeEmailForm({ currentEmail, initial }: { currentEmail: string; initial?: ChangeEmailActionData }) {
  const { t } = useT("my-account");
  const fetcher = useFetcher<ChangeEmailActionData>({ key: "change-email" });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(initial ? said(initial, t("email.sent")) : null);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    const answer = said(result, t("email.sent"));
    setMessage(answer);
    if (answer.ok) {
      toast.success(answer.text);
      form.current?.reset();
    } else {
      toast.error(answer.text);
      input.current?.focus();
    }
  }, [fetcher.data, fetcher.state, t]);

  return (
    <section aria-labelledby="change-email" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="change-email" className="mb-2 text-lg font-bold text-white">
        {t("email.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t("email.intro")}</p>
      <fetcher.Form
        ref={form}
        method="post"
        action="/my-account"
        noValidate
        aria-busy={busy}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          const problem = checkNewEmail(String(new FormData(event.currentTarget).get("newEmail") ?? ""), currentEmail);
          if (!problem) return setMessage(null);
          event.preventDefault();
          const text = t(`email.${problem}`);
          setMessage({ ok: false, text });
          toast.error(text);
          input.current?.focus();
        }}
      >
        <input type="hidden" name="intent" value="changeEmail" />
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="new-email" className="text-sm font-medium text-white">
            {t("email.label")}
          </label>
          <input
            ref={input}
            id="new-email"
            name="newEmail"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("email.placeholder")}
            aria-invalid={message && !message.ok ? true : undefined}
            aria-describedby={message ? "new-email-message" : undefined}
            className="rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="flex items-center justify-center gap-2 rounded-full bg-flame-600 px-5 py-2.5 font-semibold text-white hover:bg-flame-700 disabled:opacity-60"
        >
          {busy ? <Spinner /> : null}
          {busy ? t("email.updating") : t("email.submit")}
        </button>
      </fetcher.Form>
      {message ? (
        <p
          id="new-email-message"
          role={message.ok ? "status" : "alert"}
          className={`mt-3 text-sm ${message.ok ? "text-emerald-300" : "text-red-300"}`}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
