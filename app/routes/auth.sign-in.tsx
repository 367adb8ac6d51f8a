import { redirect } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { SignInForm } from "~/features/accounts/components/sign-in-form";
import { getUser } from "~/features/accounts/session.server";
import { requestMagicLink } from "~/features/accounts/sign-in.server";
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
  const next = safeRedirectPath(new URL(args.request.url).searchParams.get("next"));
  if (await getUser(args)) throw redirect(next);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "accounts");
  const site = siteNameFor(t, visitor.brandMode);
  const { origin } = getServices(args);
  return {
    next,
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
    handle: async (_values, { form }) => {
      const visitor = getVisitor(args);
      return requestMagicLink(getServices(args), {
        form,
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
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
        <SignInForm next={loaderData.next} initial={actionData} />
      </div>
    </section>
  );
}
