import { Link } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { getUser } from "~/features/accounts/index.server";
import { ActivationForm, ActivationSuccess, SUCCESS_PATH } from "~/features/premium";
import { activatePremium, premiumPageBasics } from "~/features/premium/index.server";
import { getServices } from "~/lib/context";
import { formatLongDate } from "~/lib/i18n/format";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { handleAction } from "~/lib/http/action.server";
import { RateLimited, Unauthorized } from "~/lib/http/errors";
import { handoffBeginUrl } from "~/lib/auth-handoff";
import { isLocalHost } from "~/lib/brand-mode";
import { z } from "zod";
import type { Route } from "./+types/activate";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["premium"] };

export async function loader(args: Route.LoaderArgs) {
  const { origin, t, user, profile, site, visitor } = await premiumPageBasics(args);
  const { env } = getServices(args);
  // On Conscious Mode's own host, a member of the main site can be signed in from there (ADR 122).
  const handsOff =
    !user && visitor.brandMode === "conscious" && Boolean(env.MAIN_SITE_URL) && !isLocalHost(args.request.headers.get("host"));
  return {
    signedIn: Boolean(user),
    handoffUrl: handsOff ? handoffBeginUrl("", "/ativar") : null,
    activeUntil: profile?.premium ? (profile.premiumExpiresAt?.toISOString() ?? null) : undefined,
    meta: {
      title: `${t("activate.metaTitle")} · ${site}`,
      description: t("activate.metaDescription"),
      origin,
      path: "/ativar",
      siteName: site,
      noindex: true,
    },
  };
}

/** Activates the beta with a promo code (docs/product.md §11.7), on the action helper (ADR 024). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "premium",
    schema: z.object({ code: z.string().default("") }),
    handle: async ({ code }) => {
      const { db } = getServices(args);
      const user = await getUser(args);
      if (!user) throw new Unauthorized("errors.signedOut");
      if (!(await takeRateLimit(getServices(args), `promo:${user.id}`, { window: 600, max: 20 })))
        throw new RateLimited("errors.rateLimited");
      await activatePremium(db, { userId: user.id, code });
      return { redirectTo: SUCCESS_PATH };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("premium");
  const succeeded = actionData?.ok === true;
  const alreadyActive =
    !succeeded && (loaderData.activeUntil !== undefined || (actionData && !actionData.ok && actionData.reason === "errors.alreadyActive"));

  return (
    <section aria-labelledby="activate-title" className="mx-auto flex max-w-lg flex-col gap-5 py-10">
      {alreadyActive ? (
        <>
          <h1 id="activate-title" className="text-3xl font-black text-white">
            {t("activate.alreadyTitle")}
          </h1>
          {loaderData.activeUntil ? (
            <p className="text-ink-300">{t("activate.alreadyBody", { date: formatLongDate(loaderData.activeUntil, language) })}</p>
          ) : null}
          <Link to="/" className="self-start rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
            {t("activate.back")}
          </Link>
        </>
      ) : (
        <>
          <h1 id="activate-title" className="text-3xl font-black text-white">
            {t("activate.title")}
          </h1>
          <p className="text-ink-300">{t("activate.intro")}</p>
          {succeeded ? (
            <ActivationSuccess />
          ) : (
            <ActivationForm signedIn={loaderData.signedIn} handoffUrl={loaderData.handoffUrl} result={actionData} />
          )}
        </>
      )}
    </section>
  );
}
