import { redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { confirmSignInLink, pendingSignInAddress } from "~/features/accounts/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth.confirm-link";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["accounts"] };

/**
 * A sign-in link opened in a browser that did not ask for it (ADR 113): the page names the address the link
 * signs into and asks before anything happens. An unknown, used or expired link goes to the callback's
 * "invalid link" message.
 */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const token = params.get("token") ?? "";
  const email = await pendingSignInAddress(getServices(args).db, token);
  if (!email) throw redirect("/auth/callback?error=INVALID_TOKEN");
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "accounts");
  const site = siteNameFor(t, visitor.brandMode);
  return {
    email,
    token,
    next: safeRedirectPath(params.get("next")),
    meta: {
      title: `${t("confirmLink.pageTitle")} · ${site}`,
      description: t("confirmLink.body", { email }),
      origin: getServices(args).origin,
      path: "/auth/confirm-link",
      siteName: site,
      noindex: true,
    },
  };
}

/** Confirmed: Better Auth verifies the link and answers its redirect with the session cookie. */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "accounts",
    handle: async (values) => confirmSignInLink(getServices(args), { request: args.request, token: values.token ?? "", next: values.next }),
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function ConfirmLink({ loaderData }: Route.ComponentProps) {
  const { t } = useT("accounts");
  const { email, token, next } = loaderData;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-white">{t("confirmLink.heading")}</h1>
      <p className="text-ink-200">{t("confirmLink.body", { email })}</p>
      <p className="text-sm text-ink-300">{t("confirmLink.notYou")}</p>
      {/* A plain form: the answer is a redirect that sets the session cookie, so the whole document follows it. */}
      <form method="post" className="flex flex-col items-center gap-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="next" value={next} />
        <button
          type="submit"
          className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {t("confirmLink.confirm", { email })}
        </button>
      </form>
      <a href="/" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
        {t("confirmLink.cancel")}
      </a>
    </section>
  );
}
