import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { DecisionReason } from "~/features/forms";
import { useT } from "~/lib/i18n/react";
import { DECISION_STYLES, DecisionIcon, focusRing } from "./admin-ui";
import { useShortcuts } from "./shortcuts";

/**
 * Resolve or reject an open item: a reason from the queue's list, an optional note for the sender
 * (it goes into their e-mail and the audit log). r and x jump to the reasons; Enter on a reason confirms.
 */
export function DecisionPanel({
  reasons,
  error,
}: {
  reasons: { resolved: readonly DecisionReason[]; rejected: readonly DecisionReason[] };
  /** The refusal's message, translated by the action. */
  error?: string;
}) {
  const { t } = useT("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const forms = { resolve: useRef<HTMLFormElement>(null), reject: useRef<HTMLFormElement>(null) };
  const focusFirst = (kind: "resolve" | "reject") => {
    const form = forms[kind].current;
    form?.scrollIntoView({ block: "nearest" });
    form?.querySelector<HTMLInputElement>("input[type=radio]:checked, input[type=radio]")?.focus();
  };
  useShortcuts({ r: () => focusFirst("resolve"), x: () => focusFirst("reject") });

  const decision = (kind: "resolve" | "reject", list: readonly DecisionReason[]) => (
    <Form
      ref={forms[kind]}
      method="post"
      className="space-y-2"
      aria-labelledby={`${kind}-heading`}
      onKeyDown={(event) => {
        if (
          event.key === "Enter" &&
          (event.target as HTMLElement).tagName === "INPUT" &&
          (event.target as HTMLInputElement).type === "radio"
        ) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
    >
      <input type="hidden" name="intent" value={kind} />
      <fieldset className="space-y-1">
        <legend id={`${kind}-heading`} className="font-semibold">
          {t(kind === "resolve" ? "decision.resolveReason" : "decision.rejectReason")}
        </legend>
        {list.map((reason, i) => (
          <label key={reason} className="flex items-center gap-2">
            <input type="radio" name="reason" value={reason} defaultChecked={i === 0} className="accent-flame-500" />
            {t(`reasons.${reason}`)}
          </label>
        ))}
      </fieldset>
      <label className="grid gap-1 text-sm">
        {t("decision.note")}
        <textarea
          name="note"
          rows={2}
          maxLength={1000}
          className={`rounded-lg border border-ink-600 bg-ink-950 p-2 text-ink-100 ${focusRing}`}
        />
      </label>
      <button type="submit" disabled={busy} aria-keyshortcuts={kind === "resolve" ? "r" : "x"} className={DECISION_STYLES[kind]}>
        <DecisionIcon kind={kind} />
        {t(kind === "resolve" ? "decision.resolve" : "decision.reject")}
      </button>
    </Form>
  );

  return (
    <section aria-labelledby="decision-heading" className="space-y-4 rounded-xl border border-ink-700 bg-ink-900 p-4">
      <h2 id="decision-heading" className="text-lg font-semibold">
        {t("decision.heading")}
      </h2>
      <p className="text-sm text-ink-300">{t("decision.mailNote")}</p>
      {error ? (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      ) : null}
      {decision("resolve", reasons.resolved)}
      <hr className="border-ink-700" />
      {decision("reject", reasons.rejected)}
    </section>
  );
}
