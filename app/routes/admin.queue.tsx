import { data } from "react-router";
import { isQueue, QUEUE_ENTRIES } from "~/features/forms";
import { requireAdmin } from "~/features/moderation/admins.server";
import { ListPage } from "~/features/moderation/components/list-page";
import type { BulkAnswer } from "~/features/moderation/components/item-list";
import { checkDecision, decideItems } from "~/features/moderation/decisions.server";
import { listParams } from "~/features/moderation/list-params.server";
import { listItems, openCount } from "~/features/moderation/queues.server";
import { hideItemClips } from "~/features/moderation/takedown-actions.server";
import { getServices, getVisitor } from "~/lib/context";
import { readForm } from "~/lib/http/form";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.queue";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const queue = args.params.queue;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const { db, origin } = getServices(args);
  const url = new URL(args.request.url);
  const params = listParams(url);
  const [list, open] = await Promise.all([listItems(db, { queue, ...params }), openCount(db, queue)]);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    queue,
    ...params,
    ...list,
    open,
    deadline: QUEUE_ENTRIES[queue].deadline,
    reasons: QUEUE_ENTRIES[queue].reasons,
    takedown: QUEUE_ENTRIES[queue].takedown !== null,
    done: url.searchParams.get("done"),
    ref: url.searchParams.get("ref"),
    now: new Date().toISOString(),
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

/** Bulk decisions: every selected item is decided (and audited, and e-mailed) on its own. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const queue = args.params.queue;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const services = getServices(args);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const ids = form.getAll("ids").map(String).slice(0, 100);
  if (intent !== "resolve" && intent !== "reject" && intent !== "hide") return data<BulkAnswer | null>(null, { status: 400 });
  if (ids.length === 0) return data<BulkAnswer>({ intent, done: 0, skipped: 0, error: "none" }, { status: 400 });
  if (intent === "hide") {
    const { hidden, skipped } = await hideItemClips(services.db, actor, queue, ids);
    return data<BulkAnswer>({ intent, done: hidden.length, skipped: skipped.length });
  }
  const request = {
    decision: intent === "resolve" ? "resolved" : "rejected",
    reason: String(form.get(intent === "resolve" ? "resolveReason" : "rejectReason") ?? ""),
    note: String(form.get("note") ?? ""),
  } as const;
  const error = checkDecision(queue, request);
  if (error) return data<BulkAnswer>({ intent, done: 0, skipped: 0, error }, { status: 400 });
  const outcome = await decideItems(services, actor, queue, ids, request);
  return data<BulkAnswer>({ intent, done: outcome.decided.length, skipped: outcome.skipped.length });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminQueue({ loaderData: d, actionData }: Route.ComponentProps) {
  return <ListPage {...d} queue={d.queue} bulk={{ reasons: d.reasons, takedown: d.takedown, answer: actionData ?? undefined }} />;
}
