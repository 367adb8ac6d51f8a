import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { QUEUES } from "~/features/forms";
import { formatLongDate } from "~/lib/i18n/format";
import { intlLocale, type Language } from "~/lib/i18n/languages";
import { useT } from "~/lib/i18n/react";

/** Open items with this little time left are "due soon". */
export const DUE_SOON_HOURS = 12;

export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300";

/** The three decisions look different (colour, icon and words), so a slip of the finger shows. */
export const DECISION_STYLES = {
  resolve: `inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-3 py-2 font-semibold text-white hover:bg-emerald-600 ${focusRing}`,
  reject: `inline-flex items-center gap-2 rounded-lg border-2 border-ink-300 bg-ink-950 px-3 py-2 font-semibold text-ink-100 hover:bg-ink-800 ${focusRing}`,
  hide: `inline-flex items-center gap-2 rounded-lg bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-600 ${focusRing}`,
  neutral: `inline-flex items-center gap-2 rounded-lg bg-ink-800 px-3 py-2 font-semibold text-ink-100 hover:bg-ink-700 ${focusRing}`,
} as const;

export function DecisionIcon({ kind }: { kind: "resolve" | "reject" | "hide" }) {
  const paths = {
    resolve: "M5 12l5 5L20 7",
    reject: "M6 6l12 12M18 6L6 18",
    hide: "M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-3.2 3.8M6.6 6.6C4.3 8.2 3 12 3 12s4 6 9 6a9 9 0 0 0 4.4-1.2",
  };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d={paths[kind]} />
    </svg>
  );
}

/** The moderation desk's navigation: dashboard, queues, copies, jobs, clips, audit log. */
export function DeskNav() {
  const { t } = useT("admin");
  return (
    // Wrapped on every screen: a row that scrolled sideways cut the queues' names at a phone's edge ("Content r…").
    <nav aria-label={t("nav.label")} className="-mx-1 flex flex-wrap gap-1 pb-1 text-sm">
      <AdminNavLink to="/admin" end>
        {t("nav.dashboard")}
      </AdminNavLink>
      {QUEUES.map((q) => (
        <AdminNavLink key={q} to={`/admin/${q}`}>
          {t(`queues.${q}`)}
        </AdminNavLink>
      ))}
      <AdminNavLink to="/admin/copies">{t("nav.copies")}</AdminNavLink>
      <AdminNavLink to="/admin/jobs">{t("nav.jobs")}</AdminNavLink>
      <AdminNavLink to="/admin/clips">{t("nav.clips")}</AdminNavLink>
      <AdminNavLink to="/admin/creators">{t("nav.creators")}</AdminNavLink>
      <AdminNavLink to="/admin/categories">{t("nav.categories")}</AdminNavLink>
      <AdminNavLink to="/admin/creator-claims">{t("nav.creatorClaims")}</AdminNavLink>
      <AdminNavLink to="/admin/creator-edits">{t("nav.creatorEdits")}</AdminNavLink>
      <AdminNavLink to="/admin/audit">{t("nav.audit")}</AdminNavLink>
    </nav>
  );
}

/**
 * A link of the desk's navigation, marked as the current page on its own path and (unless `end`) below it.
 * Not React Router's NavLink: only the desk used it, and it came with every page's first load
 * (docs/decisions/105-first-load-budget-met.md).
 */
function AdminNavLink({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const active = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`whitespace-nowrap rounded px-2 py-1 ${focusRing} ${active ? "bg-ink-800 text-flame-300" : "text-ink-200 hover:text-flame-300"}`}
    >
      {children}
    </Link>
  );
}

/** The desk's search over every queue; `/` focuses it. */
export function DeskSearch({ q }: { q: string }) {
  const { t } = useT("admin");
  return (
    <Form method="get" action="/admin/search" role="search" aria-label={t("search.label")} className="flex gap-2">
      <label htmlFor="desk-search" className="sr-only">
        {t("search.label")}
      </label>
      <input
        id="desk-search"
        name="q"
        type="search"
        defaultValue={q}
        minLength={3}
        maxLength={200}
        placeholder={t("search.placeholder")}
        aria-keyshortcuts="/"
        className={`min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-white placeholder:text-ink-300 ${focusRing}`}
      />
      <button type="submit" className={DECISION_STYLES.neutral}>
        {t("search.submit")}
      </button>
    </Form>
  );
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3600_000;

/** The 48-hour clock (ADR 013): hours left, due soon, or overdue. */
export function DeadlineBadge({ deadlineAt, now }: { deadlineAt: string; now: string }) {
  const { t } = useT("admin");
  const left = hoursBetween(now, deadlineAt);
  if (left < 0)
    return (
      <strong className="rounded bg-red-900 px-2 py-0.5 text-sm text-red-100">
        {t("age.overdue", { hours: Math.max(1, Math.floor(-left)) })}
      </strong>
    );
  // Whole hours left, rounded up: a fresh item reads "48 h left of 48 h".
  const hours = Math.ceil(left);
  if (left <= DUE_SOON_HOURS)
    return <strong className="rounded bg-amber-900 px-2 py-0.5 text-sm text-amber-100">{t("age.remaining", { hours })}</strong>;
  return <span className="text-sm text-ink-300">{t("age.remaining", { hours })}</span>;
}

/** "3 hours ago", "2 days ago" in the moderator's language. */
export function formatAge(createdAt: string, now: string, language: Language): string {
  const hours = hoursBetween(createdAt, now);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: "auto", style: "short" });
  if (hours < 1) return format.format(-Math.max(0, Math.round(hours * 60)), "minute");
  if (hours < 48) return format.format(-Math.round(hours), "hour");
  return format.format(-Math.round(hours / 24), "day");
}

export function FormattedDate({ value }: { value: string }) {
  const { language } = useT("admin");
  return (
    <time dateTime={value}>
      {formatLongDate(value, language)} {value.slice(11, 16)} UTC
    </time>
  );
}

export function ActionButton({ intent, label, kind = "neutral" }: { intent: string; label: string; kind?: keyof typeof DECISION_STYLES }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={DECISION_STYLES[kind]}>
        {kind === "hide" ? <DecisionIcon kind="hide" /> : null}
        {label}
      </button>
    </Form>
  );
}

/** A back-end page's title and what it is for. */
export function DeskHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <>
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
      {intro ? <p className="text-ink-300">{intro}</p> : null}
    </>
  );
}

/** A clip's first thumbnail, through the moderation desk's route (hidden clips too). */
export function AdminThumbnail({ clipId, className = "h-40 w-28" }: { clipId: string; className?: string }) {
  return (
    <img
      src={`/admin/clips/${clipId}/thumbnail`}
      alt=""
      width={120}
      height={160}
      loading="lazy"
      className={`${className} rounded object-cover`}
    />
  );
}

/** Links that keep the other query parameters. */
export function FilterLinks({
  label,
  param,
  options,
  current,
  search,
}: {
  label: string;
  param: string;
  options: readonly { value: string; label: string }[];
  current: string;
  search: string;
}) {
  const href = (value: string) => {
    const params = new URLSearchParams(search);
    params.set(param, value);
    params.delete("page");
    params.delete("done");
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1 text-sm">
      <span className="mr-1 text-ink-300">{label}:</span>
      {options.map((o) => (
        <Link
          key={o.value}
          to={href(o.value)}
          aria-current={o.value === current ? "page" : undefined}
          className={`rounded px-2 py-1 ${focusRing} ${o.value === current ? "bg-flame-500 text-ink-950" : "bg-ink-800 text-ink-200"}`}
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}

/** A desk page listing one kind of thing by its `state` (copies, jobs): heading, intro, the state links, the list, its pages. */
export function StateListPage({
  id,
  title,
  intro,
  states,
  current,
  page,
  hasNext,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  states: readonly { value: string; label: string }[];
  current: string;
  page: number;
  hasNext: boolean;
  children: ReactNode;
}) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby={id} className="space-y-4">
      <DeskHeading id={id} title={title} intro={intro} />
      <FilterLinks label={t("queue.filter")} param="state" current={current} search="" options={states} />
      {children}
      <Pagination page={page} totalPages={hasNext ? page + 1 : page} />
    </section>
  );
}
