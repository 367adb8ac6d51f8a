import { Pagination } from "~/components/ui/pagination";
import { isQueue } from "~/features/forms";
import { focusRing, FormattedDate } from "~/features/moderation";
import { AUDIT_PAGE_SIZE, auditPage, requireModerator } from "~/features/moderation/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam, totalPagesFor } from "~/lib/pagination";
import type { Route } from "./+types/admin.audit";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const page = pageParam(new URL(args.request.url));
  const result = await auditPage(db, page);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    page,
    totalPages: totalPagesFor(result.total, AUDIT_PAGE_SIZE),
    entries: result.entries,
    meta: { title: t("audit.heading"), description: t("title"), origin, path: "/admin/audit", siteName: t("brand.name"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** Items and clips link to their page; a moderator grant names an address. */
function AuditTarget({ type, id }: { type: string; id: string }) {
  const { t } = useT("admin");
  const label = `${t(`audit.targets.${type}`, { defaultValue: type })}: ${id}`;
  const href =
    type === "clip"
      ? `/admin/clips?q=${encodeURIComponent(id)}`
      : type === "claim"
        ? `/admin/claims-removal/${id}`
        : isQueue(type)
          ? `/admin/${type}/${id}`
          : type === "job"
            ? "/admin/jobs"
            : null;
  return href ? (
    <a href={href} className={`text-flame-300 underline ${focusRing}`}>
      {label}
    </a>
  ) : (
    <>{label}</>
  );
}

export default function AdminAudit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h1 id="audit-heading" className="text-2xl font-bold">
        {t("audit.heading")}
      </h1>
      {d.entries.length === 0 ? (
        <p>{t("audit.empty")}</p>
      ) : (
        <div
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-flame-400"
          tabIndex={0}
          role="region"
          aria-label={t("audit.table")}
        >
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-ink-800">
                <th scope="col" className="py-2">
                  {t("audit.when")}
                </th>
                <th scope="col">{t("audit.actor")}</th>
                <th scope="col">{t("audit.action")}</th>
                <th scope="col">{t("audit.target")}</th>
                <th scope="col">{t("audit.note")}</th>
              </tr>
            </thead>
            <tbody>
              {d.entries.map((e) => (
                <tr key={e.id} className="border-b border-ink-900 align-top">
                  <td className="py-2">
                    <FormattedDate value={e.createdAt} />
                  </td>
                  <td>{e.actorEmail}</td>
                  <td>{t(`audit.actions.${e.action}`)}</td>
                  <td className="break-all">
                    <AuditTarget type={e.targetType} id={e.targetId} />
                  </td>
                  <td className="break-words">{e.note ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={d.page} totalPages={d.totalPages} />
    </section>
  );
}
