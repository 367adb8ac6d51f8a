import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { checkNewEmail } from "../change-email";
import { BusySubmit, FormSection, ReplyLine, sayRefusal, type ReplyMessage } from "./form-reply";

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
  const [message, setMessage] = useState<ReplyMessage | null>(initial ? said(initial, t("email.sent")) : null);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  const live = (value: string) => {
    const problem = checkNewEmail(value, currentEmail);
    return problem ? { ok: false, text: t(`email.${problem}`) } : null;
  };

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    const answer = said(result, t("email.sent"));
    setMessage(answer);
    if (answer.ok) {
      toast.success(answer.text);
      form.current?.reset();
    } else sayRefusal(answer, setMessage, input);
  }, [fetcher.data, fetcher.state, t]);

  return (
    <FormSection id="change-email" heading={t("email.heading")} intro={t("email.intro")}>
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
          sayRefusal({ ok: false, text: t(`email.${problem}`) }, setMessage, input);
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
            // Said as soon as the field is left (not only on submit), and again as it is corrected.
            onBlur={(event) => {
              const value = event.currentTarget.value;
              if (value.trim()) setMessage(live(value));
            }}
            onChange={(event) => {
              if (message && !message.ok) setMessage(live(event.currentTarget.value));
            }}
            className="rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60"
          />
        </div>
        <BusySubmit busy={busy} label={t("email.submit")} busyLabel={t("email.updating")} />
      </fetcher.Form>
      <ReplyLine id="new-email-message" message={message} />
    </FormSection>
  );
}
