import { data, redirect } from "react-router";
import { isQueue, QUEUE_ENTRIES } from "~/features/forms";
import {
  checkLinkPublishable,
  decideItem,
  hideItemClips,
  itemView,
  LINK_MEDIA,
  LINK_MEDIA_ERRORS,
  LINK_MEDIA_FIELD,
  nextOpenItem,
  requestLinkPublish,
  requestPublish,
  requireModerator,
  saveNote,
  showItemClip,
  submissionToAvatar,
} from "~/features/moderation/index.server";
import { ItemPage } from "~/features/moderation";
import { readSubmissionForm, type StoredUpload, type UploadError } from "~/features/forms/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { tryReadForm } from "~/lib/http/form";
import { Conflict, InvalidInput } from "~/lib/http/errors";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { z } from "zod";
import type { Route } from "./+types/admin.item";

export const handle: I18nHandle = { i18n: ["admin", "forms"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
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

/**
 * The item's forms (ADR 024): a note answers `{ ok: true, intent }`; a decision, a takedown or a publish goes on
 * with the outcome in the address; a refusal names its form in `values.intent`. The guard runs before the form
 * is read, so the area stays a 404 to anyone else.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  const { queue, id } = args.params;
  if (!isQueue(queue)) throw data(null, { status: 404 });
  let media: StoredUpload | null = null;
  let mediaError: UploadError | null = null;
  return handleAction(args, {
    namespace: "admin",
    // Unlike the desk's other pages, any intent passes the schema: a link publish may already have streamed the
    // moderator's file to storage, and only the handler's `finally` deletes it when the form is refused.
    schema: z.object({ intent: z.string().default(""), reason: z.string().default(""), note: z.string().default("") }),
    read: async (request) => {
      // Only the link publish sends a file, and only to a submission that can take one: no other bytes reach storage.
      if (!request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) return tryReadForm(request);
      if (queue !== "submissions") throw new InvalidInput("item.failed");
      await checkLinkPublishable(getServices(args).db, id);
      const posted = await readSubmissionForm(request, getServices(args).storage, undefined, LINK_MEDIA);
      media = posted?.upload ?? null;
      mediaError = posted?.uploadError ?? null;
      return posted?.form ?? null;
    },
    handle: async ({ intent, reason, note }, { form }) => {
      const services = getServices(args);
      const { db } = services;
      const ref = id.slice(0, 8);
      try {
        switch (intent) {
          case "note":
            await saveNote(db, actor, queue, id, note);
            return { intent };
          case "resolve":
          case "reject": {
            const request = { decision: intent === "resolve" ? "resolved" : "rejected", reason, note } as const;
            await decideItem(services, actor, queue, id, request);
            // The next open item opens, with the outcome announced at its top.
            const next = await nextOpenItem(db, queue, id);
            const done = `done=${request.decision}&ref=${ref}&reason=${request.reason}`;
            throw redirect(next ? `/admin/${queue}/${next}?${done}` : `/admin/${queue}?${done}`);
          }
          case "hide-clip": {
            const { hidden } = await hideItemClips(db, actor, queue, [id]);
            if (hidden.length === 0) throw new Conflict("item.failed");
            throw redirect(`/admin/${queue}/${id}?done=hidden&ref=${ref}`);
          }
          case "show-clip":
            await showItemClip(db, actor, queue, id);
            throw redirect(`/admin/${queue}/${id}?done=shown&ref=${ref}`);
          case "publish":
            if (queue !== "submissions") break;
            await requestPublish(db, actor, id, { ...Object.fromEntries(form), audiences: form.getAll("audiences") });
            // Answered at once: ffmpeg runs in a job, and the page follows its state.
            throw redirect(`/admin/${queue}/${id}?done=publishing&ref=${ref}`);
          case "publish-link": {
            if (queue !== "submissions") break;
            if (mediaError) throw new InvalidInput(LINK_MEDIA_ERRORS[mediaError], {}, LINK_MEDIA_FIELD);
            const fields = { ...Object.fromEntries(form), audiences: form.getAll("audiences") };
            await requestLinkPublish(services, actor, id, fields, media);
            media = null;
            throw redirect(`/admin/${queue}/${id}?done=publishing&ref=${ref}`);
          }
          case "avatar": {
            if (queue !== "submissions") break;
            const { creatorSlug } = await submissionToAvatar(services, actor, {
              submissionId: id,
              creator: String(form.get("creator") ?? ""),
            });
            throw redirect(`/admin/${queue}/${id}?done=avatar&ref=${creatorSlug}`);
          }
        }
        throw new InvalidInput("item.failed");
      } finally {
        // Refused or failed: the moderator's file goes with the rest of the form.
        if (media) await services.storage.delete((media as StoredUpload).key);
      }
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminItem({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemPage {...loaderData} answer={actionData} />;
}
