import { Form, Link, NavLink } from "react-router";
import { useT } from "~/lib/i18n/react";
import { formatLongDate } from "~/lib/i18n/format";
import { DEADLINE_HOURS, DUE_SOON_HOURS } from "../deadline";

const QUEUE_NAMES = ["submissions", "reports", "claims-partnership", "claims-removal", "contact", "partnerships"] as const;
const STATES = ["open", "resolved", "rejected", "all"] as const;

export function AdminNav() {
  const { t } = useT("admin");
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded px-2 py-1 focus-visible:outline-2 focus-visible:outline-flame-400 ${isActive ? "bg-ink-800 text-flame-300" : "text-ink-200 hover:text-flame-300"}`;
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap gap-2 border-b border-ink-800 pb-3 text-sm">
      <NavLink to="/admin" end className={link}>
        {t("nav.dashboard")}
      </NavLink>
      {QUEUE_NAMES.map((q) => (
        <NavLink key={q} to={`/admin/${q}`} className={link}>
          {t(`queues.${q}`)}
        </NavLink>
      ))}
      <NavLink to="/admin/clips" className={link}>
        {t("nav.clips")}
      </NavLink>
      <NavLink to="/admin/audit" className={link}>
        {t("nav.audit")}
      </NavLink>
    </nav>
  );
}

/** Age against the 48-hour removal deadline (DESIGN 2). */
export function DeadlineBadge({ createdAt, overdue, now }: { createdAt: string; overdue: boolean; now: string }) {
  const { t } = useT("admin");
  const hours = Math.floor((Date.parse(now) - Date.parse(createdAt)) / 3600_000);
  if (overdue) return <strong className="rounded bg-red-900 px-2 py-0.5 text-red-100">{t("age.overdue", { hours })}</strong>;
  const left = Math.max(0, DEADLINE_HOURS - hours);
  if (left <= DUE_SOON_HOURS)
    return <strong className="rounded bg-amber-900 px-2 py-0.5 text-amber-100">{t("age.remaining", { hours: left })}</strong>;
  return <span className="text-ink-300">{t("age.remaining", { hours: left })}</span>;
}

export function StateFilter({ queue, state }: { queue: string; state: string }) {
  const { t } = useT("admin");
  return (
    <nav aria-label={t("queue.filter")} className="flex gap-2 text-sm">
      {STATES.map((s) => (
        <Link
          key={s}
          to={`/admin/${queue}?state=${s}`}
          aria-current={s === state ? "page" : undefined}
          className={`rounded px-2 py-1 focus-visible:outline-2 focus-visible:outline-flame-400 ${s === state ? "bg-flame-500 text-ink-950" : "bg-ink-800 text-ink-200"}`}
        >
          {t(`states.${s}`)}
        </Link>
      ))}
    </nav>
  );
}

export function FormattedDate({ value }: { value: string }) {
  const { language } = useT("admin");
  return (
    <time dateTime={value}>
      {formatLongDate(value, language)} {value.slice(11, 16)} UTC
    </time>
  );
}

export function ActionButton({ intent, label, danger = false }: { intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={`rounded px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-flame-300 ${danger ? "bg-red-700 text-white" : "bg-flame-500 text-ink-950"}`}
      >
        {label}
      </button>
    </Form>
  );
}
