import { redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { AccountDeletionFailed, deleteAccount, requestEmailChange, signOutCookies } from "~/features/accounts/account.server";
import { AccessRequiredBoundary } from "~/features/accounts/components/access-required";
import { AccountDetails } from "~/features/accounts/components/account-details";
import { ChangeEmailForm } from "~/features/accounts/components/change-email-form";
import { DeleteAccountDialog } from "~/features/accounts/components/delete-account-dialog";
import { requireUser } from "~/features/accounts/session.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { handleAction } from "~/lib/http/action.server";
import { InvalidInput } from "~/lib/http/errors";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { z } from "zod";
import type { Route } from "./+types/my-account";
import { secureCookies } from "~/lib/cookies";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["my-account", "accounts"] };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "my-account");
  const site = siteNameFor(t, visitor.brandMode);
  const { origin } = getServices(args);
  return {
    account: { id: user.id, email: user.email, createdAt: user.createdAt },
    meta: {
      title: `${t("title")} · ${site}`,
      description: t("metaDescription"),
      origin,
      path: "/my-account",
      siteName: site,
      noindex: true,
    },
  };
}

/**
 * Two forms post here (ADR 024): `changeEmail` answers `{ ok: true, intent }` and `deleteAccount` goes home
 * with its flash toast; a refusal names the form in `values.intent`.
 */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "my-account",
    schema: z.object({ intent: z.string().default(""), newEmail: z.string().default("") }),
    handle: async ({ intent, newEmail }, { headers }) => {
      const user = await requireUser(args);
      const services = getServices(args);
      if (intent === "changeEmail") {
        await requestEmailChange(services, { currentEmail: user.email, newEmail, headers: args.request.headers });
        return { intent };
      }
      if (intent !== "deleteAccount") throw new InvalidInput("errors.unknownAction");
      await deleteAccount(services.db, user.id, { storage: services.storage, secret: services.secret }).catch((error: unknown) => {
        if (error instanceof AccountDeletionFailed)
          services.log.error({ err: error.cause, step: error.step, userId: user.id }, "account deletion failed; rolled back");
        throw error;
      });
      const secure = secureCookies(services.origin);
      for (const cookie of await signOutCookies(services.auth, args.request.headers, secure)) headers.append("Set-Cookie", cookie);
      headers.append("Set-Cookie", flashCookie("accountDeleted", secure));
      throw redirect("/");
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("my-account");
  const { account } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6">
      <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
      <AccountDetails account={account} />
      <ChangeEmailForm
        key={account.email}
        currentEmail={account.email}
        initial={intentOf(actionData) === "changeEmail" ? actionData : undefined}
      />
      <section aria-labelledby="session" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
        <h2 id="session" className="mb-4 text-lg font-bold text-white">
          {t("signOut.heading")}
        </h2>
        {/* A plain POST: the sign-out route ends the session and goes home with its toast. */}
        <form method="post" action="/auth/sign-out">
          <button type="submit" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
            {t("signOut.button")}
          </button>
        </form>
      </section>
      <DeleteAccountDialog
        initial={actionData && !actionData.ok && actionData.values.intent === "deleteAccount" ? actionData : undefined}
      />
    </div>
  );
}

/** Which of the page's forms a reply answers (a refusal names it in the posted values). */
const intentOf = (reply: Route.ComponentProps["actionData"]) => (reply ? (reply.ok ? reply.intent : reply.values.intent) : undefined);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
