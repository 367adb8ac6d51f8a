import { data } from "react-router";
import { isQueue, QUEUE_ENTRIES } from "~/features/forms";
import {
  checkDecision,
  decideItems,
  hideItemClips,
  listItems,
  listParams,
  openCount,
  requireModerator,
} from "~/features/moderation/index.server";
import { ListPage } from "~/features/moderation";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput } from "~/lib/http/errors";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { z } from "zod";
import { intentField } from "~/lib/http/intent";
import type { Route } from "./+types/admin.queue";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
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

/**
 * Bulk decisions: every selected item is decided (and audited, and e-mailed) on its own; the reply counts them
 * (ADR 024). The guard runs before the form is read, so the area stays a 404 to anyone else.
 */
const BULK_FORM = z.object({
  intent: intentField(["resolve", "reject", "hide"], "item.failed"),
  resolveReason: z.string().default(""),
  rejectReason: z.string().default(""),
  note: z.string().default(""),
});

export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  const queue = args.params.queue;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  return handleAction(args, {
    namespace: "admin",
    schema: BULK_FORM,
    handle: async ({ intent, resolveReason, rejectReason, note }, { form }) => {
      const services = getServices(args);
      const ids = form.getAll("ids").map(String).slice(0, 100);
      if (ids.length === 0) throw new InvalidInput("bulk.errors.none");
      if (intent === "hide") {
        const { hidden, skipped } = await hideItemClips(services.db, actor, queue, ids);
        return { intent, done: hidden.length, skipped: skipped.length } as const;
      }
      const request = {
        decision: intent === "resolve" ? "resolved" : "rejected",
        reason: intent === "resolve" ? resolveReason : rejectReason,
        note,
      } as const;
      checkDecision(queue, request);
      const outcome = await decideItems(services, actor, queue, ids, request);
      return { intent, done: outcome.decided.length, skipped: outcome.skipped.length } as const;
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminQueue({ loaderData: d, actionData }: Route.ComponentProps) {
  return <ListPage {...d} queue={d.queue} bulk={{ reasons: d.reasons, takedown: d.takedown, answer: actionData }} />;
}
