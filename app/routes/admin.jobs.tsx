import { Form, redirect } from "react-router";
import { JOB_STATES, type JobState } from "~schema/values";
import { requireModerator, retryFailedJob } from "~/features/moderation/index.server";
import { DECISION_STYLES, FormattedDate, StateListPage } from "~/features/moderation";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { JOBS_PAGE_SIZE, jobCounts, jobsPage } from "~/lib/jobs/index.server";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { Route } from "./+types/admin.jobs";

export const handle: I18nHandle = { i18n: ["admin"] };

/** /admin/jobs — the background work (publishing, fingerprints, scans, e-mail) and its state. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const url = new URL(args.request.url);
  const counts = await jobCounts(db);
  // Without a chosen tab: failed jobs when there are any, else the first tab with jobs, else the finished ones
  // (an empty 'Failed (0)' as the first sight read as a broken page).
  const state: JobState =
    JOB_STATES.find((s) => s === url.searchParams.get("state")) ??
    (counts.failed ? "failed" : (JOB_STATES.find((s) => (counts[s] ?? 0) > 0) ?? "done"));
  const page = pageParam(url);
  const rows = await jobsPage(db, state, page);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    state,
    // (Listed here so the page's bundle does not import the schema.)
    states: JOB_STATES,
    page,
    counts,
    hasNext: rows.length > JOBS_PAGE_SIZE,
    jobs: rows.slice(0, JOBS_PAGE_SIZE).map((j) => ({
      id: j.id,
      kind: j.kind,
      subject: j.subject,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
      error: j.lastError,
      createdAt: j.createdAt.toISOString(),
      runAt: j.runAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
    })),
    meta: { title: t("jobs.heading"), description: t("title"), origin, path: "/admin/jobs", siteName: t("brand.name"), noindex: true },
  };
}

/** Retries a failed job and shows the queue, or answers a translated refusal (ADR 024); the guard runs first. */
const RETRY_FORM = z.object({ intent: intentField(["retry"], "item.failed"), jobId: z.string().default("") });

export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: RETRY_FORM,
    handle: async ({ jobId }) => {
      await retryFailedJob(getServices(args).db, actor, jobId);
      throw redirect("/admin/jobs?state=queued");
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

/** `submissions:<id>` → the item's page. */
const subjectHref = (subject: string | null) => {
  const [kind, id] = subject?.split(":") ?? [];
  if (!kind || !id) return null;
  if (kind === "clip") return `/admin/clips?q=${id}`;
  if (kind === "block") return null;
  return `/admin/${kind}/${id}`;
};

export default function AdminJobs({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <StateListPage
      id="jobs-heading"
      title={t("jobs.heading")}
      intro={t("jobs.intro")}
      states={d.states.map((s) => ({
        value: s,
        label: d.counts[s] === null ? t(`jobs.states.${s}`) : `${t(`jobs.states.${s}`)} (${d.counts[s]})`,
      }))}
      current={d.state}
      page={d.page}
      hasNext={d.hasNext}
    >
      <p role="status" className="text-red-300">
        {actionData && !actionData.ok ? actionData.errors.form : null}
      </p>
      {d.jobs.length === 0 ? (
        <p>{t("jobs.empty")}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
          {d.jobs.map((job) => {
            const href = subjectHref(job.subject);
            return (
              <li key={job.id} className="space-y-1 p-3">
                <p className="font-semibold">
                  {t(`jobs.kinds.${job.kind}`, { defaultValue: job.kind })}
                  {href ? (
                    <>
                      {" · "}
                      <a href={href} className="text-flame-300 underline">
                        {job.subject}
                      </a>
                    </>
                  ) : null}
                </p>
                <p className="text-sm text-ink-300">
                  {t("jobs.attempts", { attempts: job.attempts, max: job.maxAttempts })} · {t("jobs.created")}{" "}
                  <FormattedDate value={job.createdAt} />
                  {d.state === "queued" ? (
                    <>
                      {" · "}
                      {t("jobs.runAt")} <FormattedDate value={job.runAt} />
                    </>
                  ) : null}
                </p>
                {job.error ? <p className="break-words text-sm text-red-300">{job.error}</p> : null}
                {d.state === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="jobId" value={job.id} />
                    <button type="submit" name="intent" value="retry" className={DECISION_STYLES.neutral}>
                      {t("jobs.retry")}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </StateListPage>
  );
}
