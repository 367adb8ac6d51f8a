import { data, Link } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { getUser } from "~/features/accounts/session.server";
import { ActivationForm, ActivationSuccess, type ActivationActionData } from "~/features/premium/components/activation-form";
import { activatePremium, readProfile } from "~/features/premium/premium.server";
import { SUCCESS_PATH } from "~/features/premium/promo";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { formatLongDate } from "~/lib/i18n/format";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/http/form";
import type { Route } from "./+types/ativar";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["premium"] };

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const { db, origin } = getServices(args);
  const t = await serverT(visitor.language, "premium");
  const user = await getUser(args);
  const profile = user ? await readProfile(db, user.id) : null;
  const site = siteNameFor(t, visitor.brandMode);
  return {
    signedIn: Boolean(user),
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

export async function action(args: Route.ActionArgs) {
  const { db, log } = getServices(args);
  const t = await serverT(getVisitor(args).language, "premium");
  const fail = (error: Exclude<ActivationActionData, { ok: true }>["error"], status: number) =>
    data<ActivationActionData>({ ok: false, error, message: t(`errors.${error}`) }, { status });

  const user = await getUser(args);
  if (!user) return fail("signedOut", 401);
  if (!(await takeRateLimit(db, `promo:${user.id}`, { window: 600, max: 20 }))) return fail("rateLimited", 429);
  const code = String((await readForm(args.request)).get("code") ?? "");
  try {
    const result = await activatePremium(db, { userId: user.id, code });
    if (result.ok) return data<ActivationActionData>({ ok: true, redirectTo: SUCCESS_PATH });
    return result.error === "invalidCode" ? fail("invalidCode", 400) : fail("alreadyActive", 409);
  } catch (error) {
    log.error({ err: error, userId: user.id }, "premium activation failed");
    return fail("failed", 500);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useT("premium");
  const succeeded = actionData?.ok === true;
  const alreadyActive =
    !succeeded && (loaderData.activeUntil !== undefined || (actionData && !actionData.ok && actionData.error === "alreadyActive"));

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
          {succeeded ? <ActivationSuccess /> : <ActivationForm signedIn={loaderData.signedIn} result={actionData} />}
        </>
      )}
    </section>
  );
}
