import { data, Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { DeadlineBadge, FormattedDate, StateFilter } from "~/features/moderation/components/admin-ui";
import { requireAdmin } from "~/features/moderation/admins.server";
import { isQueue, QUEUE_PAGE_SIZE, queueHasDeadline, queuePage, stateFilter } from "~/features/moderation/queues.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam, totalPagesFor } from "~/lib/pagination";
import type { Route } from "./+types/admin.queue";

export const handle: I18nHandle = { i18n: ["admin"] };

const SUMMARY_FIELDS = ["subject", "creatorName", "contentUrl", "salesPlatformUrl", "email"];

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const queue = args.params.queue;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const { db, origin } = getServices(args);
  const url = new URL(args.request.url);
  const state = stateFilter(url.searchParams.get("state"));
  const page = pageParam(url);
  const result = await queuePage(db, queue, state, page);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    queue,
    state,
    page,
    deadline: queueHasDeadline(queue),
    now: new Date().toISOString(),
    total: result.total,
    totalPages: totalPagesFor(result.total, QUEUE_PAGE_SIZE),
    items: result.items.map((item) => ({
      id: item.id,
      status: item.status,
      createdAt: item.createdAt,
      overdue: item.overdue,
      summary: String(SUMMARY_FIELDS.map((f) => item[f]).find((v) => typeof v === "string" && v) ?? ""),
      // Submissions with a file still in quarantine (a video is publishable).
      attachment:
        typeof item.uploadKey === "string" && (item.uploadKind === "video" || item.uploadKind === "image") ? item.uploadKind : null,
    })),
    meta: {
      title: t(`queues.${queue}`),
      description: t("title"),
      origin,
      path: `/admin/${queue}`,
      siteName: t("brand.name"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminQueue({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="queue-heading" className="space-y-4">
      <h1 id="queue-heading" className="text-2xl font-bold">
        {t(`queues.${d.queue}`)}
      </h1>
      <StateFilter queue={d.queue} state={d.state} />
      <p className="text-ink-300">{t("queue.total", { count: d.total })}</p>
      {d.items.length === 0 ? (
        <p>{t("queue.empty")}</p>
      ) : (
        <ul className="divide-y divide-ink-800">
          {d.items.map((item) => (
            <li key={item.id} className={`flex flex-wrap items-center gap-3 py-3 ${item.overdue ? "border-l-4 border-red-500 pl-3" : ""}`}>
              <Link
                to={`/admin/${d.queue}/${item.id}`}
                className="min-w-0 flex-1 truncate text-flame-300 underline focus-visible:outline-2 focus-visible:outline-flame-400"
              >
                {item.summary || t("queue.open")}
              </Link>
              {item.attachment ? (
                <span className="rounded bg-ink-800 px-2 py-0.5 text-xs text-ink-200">{t(`queue.attachment.${item.attachment}`)}</span>
              ) : null}
              <span className="text-sm text-ink-300">{t(`itemStates.${item.status}`)}</span>
              <span className="text-sm text-ink-300">
                <FormattedDate value={item.createdAt} />
              </span>
              {d.deadline && item.status === "open" ? (
                <DeadlineBadge createdAt={item.createdAt} overdue={item.overdue} now={d.now} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
