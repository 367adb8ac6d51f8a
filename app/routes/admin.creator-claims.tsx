import { Form, Link } from "react-router";
import { z } from "zod";
import { decideClaim, pendingClaims } from "~/features/creator-accounts/index.server";
import { deskPage, requireModerator } from "~/features/moderation/index.server";
import { getServices } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { readKeysetCursor } from "~/lib/keyset";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.creator-claims";

export const handle: I18nHandle = { i18n: ["admin"] };

/** Requests to run a creator page, oldest first (docs/decisions/171-creator-accounts-and-dashboard.md). */
export async function loader(args: Route.LoaderArgs) {
  const desk = await deskPage(args, { path: "/admin/creator-claims", title: "creatorClaims.heading", description: "creatorClaims.intro" });
  // A cursor this site did not write shows the first page.
  const page = await pendingClaims(desk.services.db, readKeysetCursor(new URL(args.request.url).searchParams.get("after")));
  return { ...page, meta: desk.meta };
}

/** POST claim=<id>, decision=approve|reject → `{ ok: true, decision }`, audited; a refusal is translated (400, 404, 409). */
export async function action(args: Route.ActionArgs) {
  const actor = await requireModerator(args);
  return handleAction(args, {
    namespace: "admin",
    schema: z.object({ claim: z.string().default(""), decision: z.enum(["approve", "reject"]) }),
    handle: async ({ claim, decision }) => {
      await decideClaim(getServices(args).db, actor, { claimId: claim, approve: decision === "approve" });
      return { decision };
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

const BUTTON = "rounded px-3 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-flame-400";

export default function AdminCreatorClaims({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="claims-heading" className="space-y-4">
      <h1 id="claims-heading" className="text-2xl font-bold">
        {t("creatorClaims.heading")}
      </h1>
      <p className="text-ink-300">{t("creatorClaims.intro")}</p>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "text-emerald-300" : "text-red-300"}>
          {actionData.ok
            ? t(actionData.decision === "approve" ? "creatorClaims.approved" : "creatorClaims.rejected")
            : actionData.errors.form}
        </p>
      ) : null}
      {d.claims.length === 0 ? (
        <p>{t("creatorClaims.empty")}</p>
      ) : (
        <ul aria-label={t("creatorClaims.table")} className="space-y-3">
          {d.claims.map((claim) => {
            const links = [claim.creator.twitterUrl, claim.creator.websiteUrl].filter((link): link is string => Boolean(link));
            return (
              <li key={claim.id} data-claim={claim.id} className="space-y-2 rounded-xl border border-ink-800 bg-ink-900 p-4">
                <p>
                  <a href={`/creator/${claim.creator.slug}`} className="font-semibold text-flame-300 underline">
                    {claim.creator.name}
                  </a>
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-300">{t("creatorClaims.member")}</dt>
                  <dd className="break-all">{claim.memberEmail}</dd>
                  <dt className="text-ink-300">{t("creatorClaims.code")}</dt>
                  <dd>
                    <code>{claim.code}</code>
                  </dd>
                  <dt className="text-ink-300">{t("creatorClaims.asked")}</dt>
                  <dd>{claim.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
                  <dt className="text-ink-300">{t("creatorClaims.links")}</dt>
                  <dd>
                    {links.length ? (
                      <ul className="space-y-1">
                        {links.map((link) => (
                          <li key={link}>
                            <a
                              href={link}
                              target="_blank"
                              rel="noopener noreferrer nofollow"
                              className="break-all text-flame-300 underline"
                            >
                              {link}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      t("creatorClaims.noLinks")
                    )}
                  </dd>
                </dl>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="claim" value={claim.id} />
                  {links.length ? (
                    <button
                      type="submit"
                      name="decision"
                      value="approve"
                      className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-600`}
                    >
                      {t("creatorClaims.approve")}
                    </button>
                  ) : null}
                  <button type="submit" name="decision" value="reject" className={`${BUTTON} bg-ink-800 text-white hover:bg-ink-700`}>
                    {t("creatorClaims.reject")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {d.next ? (
        <Link to={`/admin/creator-claims?after=${encodeURIComponent(d.next)}`} className="text-flame-300 underline">
          {t("creatorClaims.more")}
        </Link>
      ) : null}
    </section>
  );
}
