import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import type { DecisionReason } from "~/features/forms";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import type { ItemView } from "../item.server";
import { ActionButton, DeadlineBadge, DECISION_STYLES, focusRing, formatAge, FormattedDate } from "./admin-ui";
import { DecisionPanel } from "./decision-panel";
import { ItemClip, ItemFields, NoticeCheck } from "./item-sections";
import { useShortcuts } from "./shortcuts";
import { SubmissionUpload } from "./submission-upload";

interface Props {
  item: ItemView;
  reasons: { resolved: readonly DecisionReason[]; rejected: readonly DecisionReason[] };
  done: string | null;
  ref: string | null;
  now: string;
  /** The item action's reply (ADR 024); its messages are translated already. */
  answer?: ActionReply<{ intent: string }>;
}

/** One item of a queue: what was sent, its clock and clip, and the decision — the next open item follows. */
export function ItemPage({ item, reasons, done, ref, now, answer }: Props) {
  const { t, language } = useT("admin");
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const reason = new URLSearchParams(location.search).get("reason");
  // After an action the page that opens takes the focus to its heading, where the outcome is announced.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done, location.key]);
  useShortcuts({
    j: () => item.neighbours.next && void navigate(`/admin/${item.queue}/${item.neighbours.next}`),
    k: () => item.neighbours.previous && void navigate(`/admin/${item.queue}/${item.neighbours.previous}`),
    h: () => document.getElementById("hide-clip-button")?.click(),
  });

  // A refusal is shown where its form is: the decision panel, the publish form, or the outcome line.
  const refused = answer && !answer.ok ? answer : null;
  const refusedIn = refused?.values.intent;
  const decisionError = refusedIn === "resolve" || refusedIn === "reject" ? refused?.errors.form : undefined;
  const publishErrors = refusedIn === "publish" || refusedIn === "publish-link" ? refused?.errors : undefined;
  const outcome = done
    ? t(`outcome.${done}`, { ref, reason: reason ? t(`reasons.${reason}`, { defaultValue: reason }) : "" })
    : answer?.ok && answer.intent === "note"
      ? t("item.noteSaved")
      : refused && !decisionError && !publishErrors
        ? (refused.errors.form ?? t("item.failed"))
        : null;
  const open = item.status === "open";

  return (
    <article aria-labelledby="item-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to={`/admin/${item.queue}`} className={`text-flame-300 underline ${focusRing}`}>
          {t("item.back")}
        </Link>
        <nav aria-label={t("item.neighbours")} className="flex gap-2">
          {item.neighbours.previous ? (
            <Link
              to={`/admin/${item.queue}/${item.neighbours.previous}`}
              rel="prev"
              aria-keyshortcuts="k"
              className={DECISION_STYLES.neutral}
            >
              {t("item.previous")}
            </Link>
          ) : null}
          {item.neighbours.next ? (
            <Link to={`/admin/${item.queue}/${item.neighbours.next}`} rel="next" aria-keyshortcuts="j" className={DECISION_STYLES.neutral}>
              {t("item.next")}
            </Link>
          ) : null}
        </nav>
      </div>
      <header className="space-y-2">
        <h1 id="item-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t(`queues.${item.queue}`)} · {t("item.heading")}
        </h1>
        {/* Always present, so the outcome of the last action is announced right where the focus lands. */}
        <p role="status" className="min-h-6 font-semibold text-emerald-300">
          {outcome}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-200">
          <span className="font-mono">#{item.id.slice(0, 8)}</span>
          <span>{t(`itemStates.${item.status}`)}</span>
          <span>
            {t("item.received")} <FormattedDate value={item.createdAt} /> ({formatAge(item.createdAt, now, language)})
          </span>
          {item.deadlineAt && open ? (
            <span className="flex items-center gap-2">
              <DeadlineBadge deadlineAt={item.deadlineAt} now={now} />
              <span>
                {t("item.dueAt")} <FormattedDate value={item.deadlineAt} />
              </span>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-200">
          {t("item.sender")}: <span className="break-all">{item.sender ?? t("item.noSender")}</span> · {t("item.language")}:{" "}
          {t(`languages.${item.language}`)}
          {item.signedInAs ? ` · ${t("item.signedInAs", { who: item.signedInAs })}` : null}
        </p>
        {!open && item.decidedAt ? (
          <p className="text-ink-200">
            {t("item.decided", {
              state: t(`itemStates.${item.status}`),
              reason: item.decisionReason ? t(`reasons.${item.decisionReason}`, { defaultValue: item.decisionReason }) : "—",
            })}{" "}
            <FormattedDate value={item.decidedAt} />
          </p>
        ) : null}
      </header>
      {item.notice ? <NoticeCheck notice={item.notice} deadlineAt={item.deadlineAt} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <ItemFields item={item} />
          {item.clip !== null || item.form === "report" || item.form === "claim" ? <ItemClip item={item} /> : null}
          {item.upload ? <SubmissionUpload upload={item.upload} publish={item.publish} errors={publishErrors} /> : null}
        </div>
        <div className="space-y-4 lg:sticky lg:top-4 lg:row-span-2 lg:self-start">
          {open ? <DecisionPanel reasons={reasons} error={decisionError} /> : null}
          {item.clip && item.takedown && open ? (
            item.clip.status === "published" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="hide-clip" />
                <button
                  id="hide-clip-button"
                  type="submit"
                  aria-keyshortcuts="h"
                  className={`${DECISION_STYLES.hide} w-full justify-center`}
                >
                  {t("item.hideClip")}
                </button>
                <p className="mt-1 text-sm text-ink-300">{t("item.hideHint")}</p>
              </Form>
            ) : item.clip.status === "hidden" ? (
              <ActionButton intent="show-clip" label={t("item.showClip")} />
            ) : null
          ) : null}
        </div>
        {/* After the decision on a phone; under the fields on a wide screen. */}
        <div className="min-w-0 space-y-6">
          {item.jobs.length > 0 ? (
            <section aria-labelledby="jobs-heading" className="space-y-2">
              <h2 id="jobs-heading" className="text-lg font-semibold">
                {t("item.jobs")}
              </h2>
              <ul className="space-y-1 text-sm">
                {item.jobs.map((job) => (
                  <li key={job.id}>
                    {t(`jobs.kinds.${job.kind}`, { defaultValue: job.kind })}: <strong>{t(`jobs.states.${job.state}`)}</strong>
                    {job.error && job.state !== "done" ? <span className="text-red-300"> — {job.error}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="moderator-note" className="block font-semibold">
              {t("item.note")}
            </label>
            <textarea
              id="moderator-note"
              name="note"
              rows={3}
              maxLength={5000}
              defaultValue={item.moderatorNote}
              className={`w-full rounded-lg border border-ink-600 bg-ink-950 p-2 text-ink-100 ${focusRing}`}
            />
            <button type="submit" className={DECISION_STYLES.neutral}>
              {t("item.saveNote")}
            </button>
          </Form>
        </div>
      </div>
    </article>
  );
}
