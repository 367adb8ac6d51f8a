import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { checkUsername, USERNAME_MAX } from "../username";
import { BusySubmit, FormSection, ReplyLine, sayRefusal, type ReplyMessage } from "./form-reply";

/** The /my-account action's reply to this form (ADR 024): the refusal's message is already translated. */
export type UsernameActionData = ActionReply<{ intent: string }>;

/**
 * The profile's username, shown in the header menu instead of the address when set: instant messages for a
 * short, long or malformed one, 'Saving...' while it posts, a toast when saved. Cleared by saving it empty.
 * Without JavaScript a plain POST to /my-account (`initial` is then the action's answer).
 */
export function UsernameForm({ current, initial }: { current: string | null; initial?: UsernameActionData }) {
  const { t } = useT("my-account");
  const fetcher = useFetcher<UsernameActionData>({ key: "change-username" });
  const said = (reply: UsernameActionData): ReplyMessage => ({
    ok: reply.ok,
    text: reply.ok ? t("username.saved") : (reply.errors.username ?? reply.errors.form ?? ""),
  });
  const [message, setMessage] = useState<ReplyMessage | null>(initial ? said(initial) : null);
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  const problemOf = (value: string): ReplyMessage | null => {
    const problem = checkUsername(value.trim());
    return problem ? { ok: false, text: t(`username.errors.${problem}`) } : null;
  };

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    const answer = said(result);
    if (!answer.ok) return sayRefusal(answer, setMessage, input);
    setMessage(answer);
    toast.success(answer.text);
    // `said` only reads `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state, t]);

  return (
    <FormSection id="username-heading" heading={t("username.heading")} intro={t("username.intro")}>
      <fetcher.Form
        method="post"
        action="/my-account"
        noValidate
        aria-busy={busy}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          const problem = problemOf(String(new FormData(event.currentTarget).get("username") ?? ""));
          if (!problem) return setMessage(null);
          event.preventDefault();
          sayRefusal(problem, setMessage, input);
        }}
      >
        <input type="hidden" name="intent" value="changeUsername" />
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="username" className="text-sm font-medium text-white">
            {t("username.label")}
          </label>
          <input
            ref={input}
            id="username"
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX * 2}
            defaultValue={initial && !initial.ok ? initial.values.username : (current ?? "")}
            aria-invalid={message && !message.ok ? true : undefined}
            aria-describedby={message ? "username-message username-hint" : "username-hint"}
            onBlur={(event) => setMessage(problemOf(event.currentTarget.value))}
            onChange={(event) => {
              if (message && !message.ok) setMessage(problemOf(event.currentTarget.value));
            }}
            className="rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60"
          />
          <p id="username-hint" className="text-xs text-ink-300">
            {t("username.hint", { max: USERNAME_MAX })}
          </p>
        </div>
        <BusySubmit busy={busy} label={t("username.save")} busyLabel={t("username.saving")} className="sm:mb-6" />
      </fetcher.Form>
      <ReplyLine id="username-message" message={message} />
    </FormSection>
  );
}
