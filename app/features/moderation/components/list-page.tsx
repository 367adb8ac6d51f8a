import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import type { DecisionReason, QueueName } from "~/features/forms";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/lib/i18n/react";
import type { QueueCard, Sort, StateFilter } from "../queues.server";
import { DECISION_STYLES, FilterLinks, focusRing } from "./admin-ui";
import { ItemList, type BulkAnswer } from "./item-list";

interface Props {
  queue: QueueName | null;
  state: StateFilter;
  sort: Sort;
  rawQ: string;
  q: string | null;
  tooShort: boolean;
  page: number;
  items: QueueCard[];
  hasNext: boolean;
  /** Open items, counted up to a cap (`more`: there are more than `count`). */
  open: { count: number; more: boolean } | null;
  done: string | null;
  ref: string | null;
  now: string;
  bulk: {
    reasons: { resolved: readonly DecisionReason[]; rejected: readonly DecisionReason[] };
    takedown: boolean;
    answer: BulkAnswer | undefined;
  } | null;
}

/** A queue, or the search across queues: filters, the list, pages. */
export function ListPage(d: Props) {
  const { t } = useT("admin");
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = d.queue ? t(`queues.${d.queue}`) : t("search.heading");
  const reason = new URLSearchParams(location.search).get("reason");
  // The last open item was just decided and the queue opened: the focus goes where the outcome is announced.
  useEffect(() => {
    if (d.done) heading.current?.focus();
  }, [d.done, location.key]);
  return (
    <section aria-labelledby="queue-heading" className="space-y-4">
      <h1 id="queue-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {title}
      </h1>
      <p role="status" className="font-semibold text-emerald-300">
        {d.done
          ? `${t(`outcome.${d.done}`, { ref: d.ref, reason: reason ? t(`reasons.${reason}`, { defaultValue: reason }) : "" })} ${t("outcome.queueClear")}`
          : null}
      </p>
      {d.queue ? (
        <Form method="get" role="search" aria-label={t("queue.searchLabel", { queue: title })} className="flex gap-2">
          <input type="hidden" name="state" value={d.state} />
          <label htmlFor="queue-search" className="sr-only">
            {t("queue.searchLabel", { queue: title })}
          </label>
          <input
            id="queue-search"
            name="q"
            type="search"
            defaultValue={d.rawQ}
            placeholder={t("queue.searchPlaceholder")}
            className={`min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white ${focusRing}`}
          />
          <button type="submit" className={DECISION_STYLES.neutral}>
            {t("search.submit")}
          </button>
        </Form>
      ) : null}
      {d.tooShort ? <p role="alert">{t("search.tooShort", { min: 3 })}</p> : null}
      {!d.queue && !d.q && !d.tooShort ? <p>{t("search.intro")}</p> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <FilterLinks
          label={t("queue.filter")}
          param="state"
          current={d.state}
          search={location.search}
          options={(["open", "resolved", "rejected", "all"] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <FilterLinks
          label={t("queue.sort")}
          param="sort"
          current={d.sort}
          search={location.search}
          options={(["deadline", "newest", "oldest"] as const).map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
        />
      </div>
      {d.open !== null && d.state === "open" && !d.q ? (
        <p className="text-ink-300">{t(d.open.more ? "queue.totalMore" : "queue.total", { count: d.open.count })}</p>
      ) : null}
      {d.q && d.items.length === 0 ? <p>{t("search.none", { q: d.q })}</p> : null}
      {d.items.length > 0 || (d.queue && !d.q) ? <ItemList items={d.items} now={d.now} showQueue={!d.queue} bulk={d.bulk} /> : null}
      <Pagination page={d.page} totalPages={d.hasNext ? d.page + 1 : d.page} />
      <p className="text-sm text-ink-300">{t("shortcuts.hint")}</p>
    </section>
  );
}
