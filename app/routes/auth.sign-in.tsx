import { redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { SignInForm } from "~/features/accounts";
import { getUser, requestMagicLink } from "~/features/accounts/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { handleAction } from "~/lib/http/action.server";
import { safeRedirectPath } from "~/lib/http/redirect";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth.sign-in";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["accounts"] };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const next = safeRedirectPath(url.searchParams.get("next"));
  if (await getUser(args)) throw redirect(next);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "accounts");
  const site = siteNameFor(t, visitor.brandMode);
  const { origin } = getServices(args);
  return {
    next,
    // A hand-off from the main site that could not finish (ADR 122) says so above the form.
    handoffFailed: url.searchParams.get("handoff") === "failed" ? t("signIn.handoffFailed") : null,
    meta: {
      title: `${t("signIn.pageTitle")} · ${site}`,
      description: t("signIn.pageDescription"),
      origin,
      path: "/auth/sign-in",
      siteName: site,
      noindex: true,
    },
  };
}

/** Sends the magic link: `{ ok: true, email }`, or a refusal in `accounts`' words (ADR 024). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "accounts",
    handle: async (_values, { form, headers }) => {
      const visitor = getVisitor(args);
      return requestMagicLink(getServices(args), {
        form,
        responseHeaders: headers,
        request: args.request,
        language: visitor.language,
        brandMode: visitor.brandMode,
        clientIp: visitor.clientIp,
      });
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-sm py-10">
      {loaderData.handoffFailed ? (
        <p role="alert" className="mb-4 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100">
          {loaderData.handoffFailed}
        </p>
      ) : null}
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <SignInForm next={loaderData.next} initial={actionData} />
      </div>
    </section>
  );
}
