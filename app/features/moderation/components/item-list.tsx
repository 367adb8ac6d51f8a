import { useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { DecisionReason } from "~/features/forms";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import type { QueueCard } from "../queues.server";
import { AdminThumbnail, DeadlineBadge, DECISION_STYLES, DecisionIcon, focusRing, formatAge } from "./admin-ui";
import { useShortcuts } from "./shortcuts";

/** The bulk action's reply (ADR 024): how many items it decided and skipped, or its translated refusal. */
export type BulkAnswer = ActionReply<{ intent: "resolve" | "reject" | "hide"; done: number; skipped: number }>;

interface Bulk {
  reasons: { resolved: readonly DecisionReason[]; rejected: readonly DecisionReason[] };
  takedown: boolean;
  answer: BulkAnswer | undefined;
}

const itemHref = (card: QueueCard) => `/admin/${card.queue}/${card.id}`;

/**
 * A queue (or search results across queues) a moderator works through: what each item is about,
 * its clip, its sender, its age and clock; j/k move, o opens, s selects, and on a queue page
 * r / x / h resolve, reject or hide the selected items (or the current one) in one action.
 */
export function ItemList({ items, now, showQueue, bulk }: { items: QueueCard[]; now: string; showQueue: boolean; bulk: Bulk | null }) {
  const { t, language } = useT("admin");
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const form = useRef<HTMLFormElement>(null);

  const move = (step: number) => {
    const next = Math.min(items.length - 1, Math.max(0, current + step));
    setCurrent(next);
    links.current[next]?.focus();
  };
  const toggle = (id: string) =>
    setSelected((old) => {
      const set = new Set(old);
      if (!set.delete(id)) set.add(id);
      return set;
    });
  // r / x go to the reason of that decision; h submits at once (showing a clip again undoes it).
  const target = () => {
    const id = items[current]?.id;
    if (selected.size === 0 && id) setSelected(new Set([id]));
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    o: () => items[current] && void navigate(itemHref(items[current])),
    s: () => items[current] && toggle(items[current].id),
    r: () => {
      if (!bulk) return;
      target();
      document.getElementById("bulk-resolve-reason")?.focus();
    },
    x: () => {
      if (!bulk) return;
      target();
      document.getElementById("bulk-reject-reason")?.focus();
    },
    h: () => {
      if (!bulk?.takedown) return;
      target();
      requestAnimationFrame(() => form.current?.requestSubmit(document.getElementById("bulk-hide") as HTMLButtonElement));
    },
  });

  if (items.length === 0) return <p>{t("queue.empty")}</p>;
  return (
    <div className="space-y-4">
      {bulk ? (
        <BulkBar bulk={bulk} count={selected.size} form={form} onAll={(all) => setSelected(new Set(all ? items.map((i) => i.id) : []))} />
      ) : null}
      <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800" aria-label={t("queue.items")}>
        {items.map((card, index) => (
          <li
            key={`${card.queue}:${card.id}`}
            className={`flex gap-3 p-3 ${index === current ? "bg-ink-900" : ""} ${card.deadlineAt && card.status === "open" && card.deadlineAt < now ? "border-l-4 border-red-500" : ""}`}
          >
            {bulk ? (
              <input
                type="checkbox"
                form="bulk-form"
                name="ids"
                value={card.id}
                checked={selected.has(card.id)}
                onChange={() => toggle(card.id)}
                aria-label={t("queue.select", { item: card.summary.slice(0, 60) || card.id.slice(0, 8) })}
                className="mt-1 h-5 w-5 shrink-0 accent-flame-500"
              />
            ) : null}
            {card.clip?.hasThumbnail ? <AdminThumbnail clipId={card.clip.id} className="h-16 w-12 shrink-0" /> : null}
            <div className="min-w-0 flex-1 space-y-1">
              <Link
                ref={(el) => {
                  links.current[index] = el;
                }}
                to={itemHref(card)}
                onFocus={() => setCurrent(index)}
                className={`line-clamp-2 break-words font-semibold text-flame-300 underline ${focusRing}`}
              >
                {card.summary || card.link || t("queue.open")}
              </Link>
              {card.clip ? (
                <p className="text-sm text-ink-200">
                  {t("queue.clip")}: {card.clip.title}
                  {card.clip.status !== "published" ? ` (${t(`clipStatus.${card.clip.status}`)})` : null}
                </p>
              ) : card.link && card.summary ? (
                <p className="truncate text-sm text-ink-300">{card.link}</p>
              ) : null}
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-300">
                {showQueue ? <span className="rounded bg-ink-800 px-2 py-0.5 text-ink-100">{t(`queues.${card.queue}`)}</span> : null}
                <span className="break-all">{card.email ?? card.name ?? t("queue.anonymous")}</span>
                <time dateTime={card.createdAt}>{formatAge(card.createdAt, now, language)}</time>
                <span>{t(`itemStates.${card.status}`)}</span>
                {card.status === "open" && card.deadlineAt ? <DeadlineBadge deadlineAt={card.deadlineAt} now={now} /> : null}
                {card.attachment ? (
                  <span className="rounded bg-ink-800 px-2 py-0.5 text-ink-100">{t(`queue.attachment.${card.attachment}`)}</span>
                ) : null}
                <span className="font-mono text-xs">#{card.id.slice(0, 8)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BulkBar({
  bulk,
  count,
  form,
  onAll,
}: {
  bulk: Bulk;
  count: number;
  form: React.RefObject<HTMLFormElement | null>;
  onAll: (all: boolean) => void;
}) {
  const { t } = useT("admin");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const select = `rounded-lg border border-ink-600 bg-ink-950 px-2 py-2 text-ink-100 ${focusRing}`;
  // Enter on a reason confirms that decision.
  const confirmOnEnter = (button: string) => (event: React.KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    form.current?.requestSubmit(document.getElementById(button) as HTMLButtonElement);
  };
  const answer = bulk.answer;
  return (
    <Form
      ref={form}
      method="post"
      id="bulk-form"
      className="space-y-3 rounded-xl border border-ink-700 bg-ink-900 p-3"
      aria-labelledby="bulk-heading"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bulk-heading" className="font-semibold">
          {t("bulk.heading", { count })}
        </h2>
        <div className="flex gap-2 text-sm">
          <button type="button" onClick={() => onAll(true)} className={`underline ${focusRing}`}>
            {t("bulk.all")}
          </button>
          <button type="button" onClick={() => onAll(false)} className={`underline ${focusRing}`}>
            {t("bulk.none")}
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {(["resolve", "reject"] as const).map((kind) => (
          <div key={kind} className="flex flex-wrap items-end gap-2">
            {/* The list takes the row's width (never wider: a long reason pushed it under the button on a phone),
                and the button wraps below it when both do not fit. */}
            <label className="grid min-w-[min(100%,12rem)] flex-1 gap-1 text-sm">
              {t(`decision.${kind}Reason`)}
              <select
                id={`bulk-${kind}-reason`}
                name={`${kind}Reason`}
                className={`${select} w-full min-w-0`}
                onKeyDown={confirmOnEnter(`bulk-${kind}`)}
              >
                {bulk.reasons[kind === "resolve" ? "resolved" : "rejected"].map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`reasons.${reason}`)}
                  </option>
                ))}
              </select>
            </label>
            <button
              id={`bulk-${kind}`}
              type="submit"
              name="intent"
              value={kind}
              disabled={busy}
              aria-keyshortcuts={kind === "resolve" ? "r" : "x"}
              className={DECISION_STYLES[kind]}
            >
              <DecisionIcon kind={kind} />
              {t(`decision.${kind}`)}
            </button>
          </div>
        ))}
      </div>
      <label className="grid gap-1 text-sm">
        {t("decision.note")}
        <input name="note" maxLength={1000} className={select} />
      </label>
      {bulk.takedown ? (
        <button
          id="bulk-hide"
          type="submit"
          name="intent"
          value="hide"
          disabled={busy}
          aria-keyshortcuts="h"
          className={DECISION_STYLES.hide}
        >
          <DecisionIcon kind="hide" />
          {t("decision.hideClips")}
        </button>
      ) : null}
      <p role="status" className={answer && !answer.ok ? "text-red-300" : "text-emerald-300"}>
        {answer
          ? answer.ok
            ? t(`bulk.done.${answer.intent}`, { count: answer.done, skipped: answer.skipped })
            : answer.errors.form
          : null}
      </p>
    </Form>
  );
}
