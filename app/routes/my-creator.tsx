import { data, useNavigation } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { AccessRequiredBoundary } from "~/features/accounts";
import { requireUser } from "~/features/accounts/index.server";
import { ClaimList, ClaimPanel, CreatorDashboard, PageEditForm } from "~/features/creator-accounts";
import {
  AVATAR_FIELD,
  claimableCreator,
  loadDashboard,
  memberClaims,
  ownedCreator,
  ownerPage,
  pageEditForm,
  parseDashboardCursor,
  parsePeriod,
  proposePageEdit,
  requestClaim,
} from "~/features/creator-accounts/index.server";
import { readSubmissionForm, type StoredUpload, type UploadError } from "~/features/forms/index.server";
import { PointsLedger } from "~/features/points";
import { pointsLedger } from "~/features/points/index.server";
import { readKeysetCursor } from "~/lib/keyset";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { ExpectedError, InvalidFields, InvalidInput, NotFound } from "~/lib/http/errors";
import { tryReadForm } from "~/lib/http/form";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/my-creator";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["creator-accounts", "points"] };

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * A member's creator page (docs/decisions/171-creator-accounts-and-dashboard.md): `?claim=<slug>` asks to run a
 * page, their requests with their codes, and for a page they run its dashboard (`?creator=`, `?days=7|30`,
 * `?after=` a keyset cursor). Personal: never cached, not indexed.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { db, origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "creator-accounts");
  const url = new URL(args.request.url);
  const meta = {
    title: `${t("title")} · ${t("brand.name")}`,
    description: t("description"),
    origin,
    path: "/my-creator",
    siteName: t("brand.name"),
    noindex: true,
  };
  const claimSlug = url.searchParams.get("claim");
  let claim: { slug: string; name: string } | null = null;
  let problem: string | null = null;
  let status = 200;
  if (claimSlug !== null) {
    try {
      const creator = await claimableCreator(db, claimSlug);
      claim = { slug: creator.slug, name: creator.name };
    } catch (error) {
      if (!(error instanceof ExpectedError)) throw error;
      problem = t(error.key);
      status = error.status;
    }
  }
  const owned = await ownedCreator(db, user.id, url.searchParams.get("creator"));
  let dashboard = null;
  if (owned) {
    let after = null;
    try {
      after = parseDashboardCursor(url.searchParams.get("after"));
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      problem = t(error.key);
      status = 400;
    }
    dashboard = {
      creator: { slug: owned.slug, name: owned.name },
      data: await loadDashboard(db, { creatorId: owned.id, days: parsePeriod(url.searchParams.get("days")), after }),
      continued: after !== null,
      page: await ownerPage(db, user.id, owned.slug),
      // A cursor this site did not write shows the newest points.
      points: await pointsLedger(db, owned.id, readKeysetCursor(url.searchParams.get("points"))),
      shareUrl: `${origin}/creator/${owned.slug}?ref=${owned.slug}`,
    };
  }
  const pointsContinued = url.searchParams.has("points");
  return data({ meta, claim, problem, claims: await memberClaims(db, user.id), dashboard, pointsContinued }, { status, headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => headers.set(key, value));
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

/** Upload refusals, as keys of this page's namespace. */
const AVATAR_ERRORS: Record<UploadError, string> = {
  "errors.uploadType": "page.errors.avatarType",
  "errors.imageTooLarge": "page.errors.avatarTooLarge",
  "errors.videoTooLarge": "page.errors.avatarType",
  "errors.uploadTooLarge": "page.errors.avatarTooLarge",
  "errors.uploadUnreadable": "page.errors.avatarUnreadable",
  "errors.uploadFailed": "page.errors.avatarFailed",
  "errors.uploadQuota": "page.errors.avatarFailed",
  "errors.uploadsFull": "page.errors.avatarFailed",
};

/**
 * POST intent=claim, creator=<slug> → `{ ok: true, code }`; intent=page (multipart, with an optional `avatar` image)
 * → `{ ok: true, proposed: true }`: the owner's bio, links and avatar wait for a moderator. Refusals are translated
 * (400, 404, 409) and keep nothing, the uploaded file included.
 */
export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const { db, storage } = getServices(args);
  let avatar: StoredUpload | null = null;
  let avatarError: UploadError | null = null;
  return handleAction(args, {
    namespace: "creator-accounts",
    read: async (request) => {
      // Only a member who runs a page may send a file: nobody else's bytes reach storage.
      if (!request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) return tryReadForm(request);
      if (!(await ownedCreator(db, user.id, null))) throw new NotFound("page.errors.notOwner");
      const posted = await readSubmissionForm(request, storage, undefined, { folder: "avatars", kinds: ["image"], field: AVATAR_FIELD });
      avatar = posted?.upload ?? null;
      avatarError = posted?.uploadError ?? null;
      return posted?.form ?? null;
    },
    handle: async (values) => {
      try {
        if (values.intent === "claim") {
          const claim = await requestClaim(db, { userId: user.id, creatorSlug: values.creator ?? "" });
          return { code: claim.code };
        }
        if (values.intent !== "page") throw new InvalidInput("errors.unknownAction");
        if (avatarError) throw new InvalidInput(AVATAR_ERRORS[avatarError], {}, AVATAR_FIELD);
        const parsed = pageEditForm.safeParse(values);
        if (!parsed.success) throw InvalidFields.fromIssues(parsed.error.issues);
        await proposePageEdit(db, storage, { userId: user.id, edit: parsed.data, avatar });
        avatar = null;
        return { proposed: true };
      } finally {
        // Refused or failed: the file goes with the rest of the form.
        if (avatar) await storage.delete((avatar as StoredUpload).key);
      }
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data && "meta" in data ? pageMeta(data.meta) : []);

export default function MyCreator({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("creator-accounts");
  const navigation = useNavigation();
  // One action answers both forms: a refusal names its form by the posted intent, a success by what it returns.
  const pageReply = actionData && (actionData.ok ? "proposed" in actionData : actionData.values.intent === "page") ? actionData : undefined;
  const claimReply = pageReply ? undefined : actionData;
  const refusal = claimReply && !claimReply.ok ? (claimReply.errors.form ?? Object.values(claimReply.errors)[0] ?? null) : null;
  const sent = Boolean(claimReply?.ok);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
      <p className="max-w-prose text-ink-300">{t("intro")}</p>
      {loaderData.problem ? (
        <p role="alert" className="text-red-300">
          {loaderData.problem}
        </p>
      ) : null}
      {loaderData.claim && !sent ? <ClaimPanel creator={loaderData.claim} refusal={refusal} busy={navigation.state !== "idle"} /> : null}
      {loaderData.dashboard ? (
        <CreatorDashboard
          creator={loaderData.dashboard.creator}
          dashboard={loaderData.dashboard.data}
          continued={loaderData.dashboard.continued}
        />
      ) : null}
      {loaderData.dashboard ? (
        <PointsLedger
          points={loaderData.dashboard.points}
          shareUrl={loaderData.dashboard.shareUrl}
          olderHref={
            loaderData.dashboard.points.next
              ? `/my-creator?creator=${loaderData.dashboard.creator.slug}&points=${encodeURIComponent(loaderData.dashboard.points.next)}`
              : null
          }
          newestHref={loaderData.pointsContinued ? `/my-creator?creator=${loaderData.dashboard.creator.slug}` : null}
        />
      ) : null}
      {loaderData.dashboard?.page ? (
        <PageEditForm key={loaderData.dashboard.page.waiting?.createdAt ?? "public"} page={loaderData.dashboard.page} reply={pageReply} />
      ) : null}
      <ClaimList claims={loaderData.claims} sent={sent} />
      {!loaderData.claim && !loaderData.dashboard && loaderData.claims.length === 0 ? (
        <p className="text-ink-300">{t("claim.none")}</p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
