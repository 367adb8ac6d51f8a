import { data, redirect } from "react-router";
import { isQueue, QUEUE_ENTRIES } from "~/features/forms";
import { requireAdmin } from "~/features/moderation/admins.server";
import { ItemPage } from "~/features/moderation/components/item-page";
import { checkDecision, decideItems, saveNote } from "~/features/moderation/decisions.server";
import { itemView } from "~/features/moderation/item.server";
import { requestPublish } from "~/features/moderation/publish-submission.server";
import { nextOpenItem } from "~/features/moderation/queues.server";
import { hideItemClips, showItemClip } from "~/features/moderation/takedown-actions.server";
import { getServices, getVisitor } from "~/lib/context";
import { readForm } from "~/lib/http/form";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.item";

export const handle: I18nHandle = { i18n: ["admin", "forms"] };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { queue, id } = args.params;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const { db, origin } = getServices(args);
  const item = await itemView(db, queue, id);
  if (!item) {
    // Older audit entries name claims without their position: try the other claims queue.
    const sibling = queue === "claims-removal" ? "claims-partnership" : queue === "claims-partnership" ? "claims-removal" : null;
    if (sibling && (await itemView(db, sibling, id))) throw redirect(`/admin/${sibling}/${id}`);
    throw data(null, { status: 404 });
  }
  const url = new URL(args.request.url);
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    item,
    reasons: QUEUE_ENTRIES[queue].reasons,
    done: url.searchParams.get("done"),
    ref: url.searchParams.get("ref"),
    now: new Date().toISOString(),
    meta: {
      title: `${t(`queues.${queue}`)} · ${t("item.heading")}`,
      description: t("title"),
      origin,
      path: `/admin/${queue}/${id}`,
      siteName: t("brand.name"),
      noindex: true,
    },
  };
}

export type ItemActionData = { ok: boolean; errors?: Record<string, string>; decisionError?: string; intent?: string };

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const { queue, id } = args.params;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  const services = getServices(args);
  const { db } = services;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const ref = id.slice(0, 8);
  switch (intent) {
    case "note": {
      const ok = await saveNote(db, actor, queue, id, String(form.get("note") ?? ""));
      return data<ItemActionData>({ ok, intent }, { status: ok ? 200 : 400 });
    }
    case "resolve":
    case "reject": {
      const request = {
        decision: intent === "resolve" ? "resolved" : "rejected",
        reason: String(form.get("reason") ?? ""),
        note: String(form.get("note") ?? ""),
      } as const;
      const error = checkDecision(queue, request);
      if (error) return data<ItemActionData>({ ok: false, decisionError: error, intent }, { status: 400 });
      const outcome = await decideItems(services, actor, queue, [id], request);
      if (outcome.decided.length === 0) return data<ItemActionData>({ ok: false, decisionError: "decided", intent }, { status: 409 });
      // The next open item opens, with the outcome announced at its top.
      const next = await nextOpenItem(db, queue, id);
      const done = `done=${request.decision}&ref=${ref}&reason=${request.reason}`;
      throw redirect(next ? `/admin/${queue}/${next}?${done}` : `/admin/${queue}?${done}`);
    }
    case "hide-clip": {
      const { hidden } = await hideItemClips(db, actor, queue, [id]);
      if (hidden.length === 0) return data<ItemActionData>({ ok: false, intent }, { status: 400 });
      throw redirect(`/admin/${queue}/${id}?done=hidden&ref=${ref}`);
    }
    case "show-clip": {
      const ok = await showItemClip(db, actor, queue, id);
      if (!ok) return data<ItemActionData>({ ok: false, intent }, { status: 400 });
      throw redirect(`/admin/${queue}/${id}?done=shown&ref=${ref}`);
    }
    case "publish": {
      if (queue !== "submissions") break;
      const outcome = await requestPublish(db, actor, id, { ...Object.fromEntries(form), audiences: form.getAll("audiences") });
      if (!outcome.ok) return data<ItemActionData>({ ok: false, errors: outcome.errors, intent }, { status: 400 });
      // Answered at once: ffmpeg runs in a job, and the page follows its state.
      throw redirect(`/admin/${queue}/${id}?done=publishing&ref=${ref}`);
    }
  }
  return data<ItemActionData>({ ok: false, intent }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminItem({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemPage {...loaderData} answer={actionData} />;
}
