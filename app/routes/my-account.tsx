import { data, redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { deleteAccount, requestEmailChange, signOutCookies } from "~/features/accounts/account.server";
import { AccessRequiredBoundary } from "~/features/accounts/components/access-required";
import { AccountDetails } from "~/features/accounts/components/account-details";
import { ChangeEmailForm, type ChangeEmailActionData } from "~/features/accounts/components/change-email-form";
import { DeleteAccountDialog, type DeleteAccountActionData } from "~/features/accounts/components/delete-account-dialog";
import { requireUser } from "~/features/accounts/session.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/http/form";
import type { Route } from "./+types/my-account";
import { secureCookies } from "~/lib/cookies";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["account", "accounts"] };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "account");
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

type ActionData = ChangeEmailActionData | DeleteAccountActionData | { intent: null; ok: false; message: string };

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const services = getServices(args);
  const t = await serverT(getVisitor(args).language, "account");
  const form = await readForm(args.request);
  const intent = form.get("intent");

  if (intent === "changeEmail") {
    const result = await requestEmailChange(services, {
      currentEmail: user.email,
      newEmail: String(form.get("newEmail") ?? ""),
      headers: args.request.headers,
    });
    const message = result.ok ? t("email.sent") : t(`email.${result.error}`);
    return data<ActionData>({ intent, ok: result.ok, message }, { status: result.ok ? 200 : result.status });
  }

  if (intent === "deleteAccount") {
    const result = await deleteAccount(services.db, user.id, { storage: services.storage, secret: services.secret });
    if (!result.ok) {
      services.log.error({ err: result.error, step: result.step, userId: user.id }, "account deletion failed; rolled back");
      return data<ActionData>({ intent, ok: false, message: t(`delete.errors.${result.step}`) }, { status: 500 });
    }
    const secure = secureCookies(services.origin);
    const headers = new Headers();
    for (const cookie of await signOutCookies(services.auth, args.request.headers, secure)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", flashCookie("accountDeleted", secure));
    return redirect("/", { headers });
  }

  return data<ActionData>({ intent: null, ok: false, message: t("errors.unknownAction") }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("account");
  const { account } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 py-6">
      <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
      <AccountDetails account={account} />
      <ChangeEmailForm
        key={account.email}
        currentEmail={account.email}
        initial={actionData?.intent === "changeEmail" ? actionData : undefined}
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
      <DeleteAccountDialog initial={actionData?.intent === "deleteAccount" ? actionData : undefined} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
