import { useEffect, useEffectEvent } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { ShellHandle } from "~/components/shell/site-header";
import { getUser } from "~/features/accounts/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import { safeRedirectPath } from "~/lib/http/redirect";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth.callback";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["accounts"] };

/** docs/product.md §8.2, §15.3: home after 1.5 s on success, 5 s on failure; checks again after 2 s and 3 more s. */
const SUCCESS_REDIRECT_MS = 1500;
const ERROR_REDIRECT_MS = 5000;
const CHECK_DELAYS_MS = [2000, 3000];

type Failure = "invalidLink" | "accessDenied";

/**
 * The error codes a sign-in can end with and the fixed message each shows. Nothing from the address is ever
 * shown (content spoofing: `error_description` is attacker-written text); an unknown code is the invalid-link
 * message, the likeliest cause.
 */
function failureOf(code: string): Failure {
  return code === "access_denied" ? "accessDenied" : "invalidLink";
}

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "accounts");
  const site = siteNameFor(t, visitor.brandMode);
  const meta = {
    title: `${t("callback.pageTitle")} · ${site}`,
    description: t("callback.authenticatingBody"),
    origin: getServices(args).origin,
    path: "/auth/callback",
    siteName: site,
    noindex: true,
  };
  const next = safeRedirectPath(params.get("next"));
  const error = params.get("error");
  // The attempts of docs/product.md §8.2 in order: an existing session, then an error in the link parameters.
  if (await getUser(args)) return { status: "success" as const, next, meta };
  if (error) return { status: "error" as const, failure: failureOf(error), next: "/", meta };
  return { status: "pending" as const, next, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useT("accounts");
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { status } = loaderData;
  const goTo = useEffectEvent((to: string, replace = false) => navigate(to, { replace }));
  const goNext = useEffectEvent(() => window.location.assign(loaderData.next));
  const checkAgain = useEffectEvent(() => revalidator.revalidate());

  useEffect(() => {
    if (status === "success") {
      const timer = setTimeout(goNext, SUCCESS_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (status === "error") {
      const timer = setTimeout(() => goTo("/"), ERROR_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    // Pending: check the session again after 2 s, then after 3 more s, then give up.
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      if (attempt < CHECK_DELAYS_MS.length) {
        timer = setTimeout(() => {
          attempt++;
          checkAgain();
          check();
        }, CHECK_DELAYS_MS[attempt]);
      } else {
        goTo("/auth/callback?error=authentication_failed", true);
      }
    };
    check();
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center" aria-live="polite">
      {status === "success" ? (
        <>
          <h1 className="text-2xl font-bold text-white">{t("callback.success")}</h1>
          <p className="text-ink-300">{t("callback.redirecting")}</p>
        </>
      ) : status === "pending" ? (
        <>
          <div aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-ink-700 border-t-flame-500" />
          <h1 className="text-2xl font-bold text-white">{t("callback.authenticating")}</h1>
          <p className="text-ink-300">{t("callback.authenticatingBody")}</p>
        </>
      ) : (
        <div role="alert" className="flex flex-col items-center gap-3">
          <h1 className="text-2xl font-bold text-white">{t("callback.errorTitle")}</h1>
          {loaderData.failure === "accessDenied" ? (
            <p className="text-ink-200">{t("callback.accessDenied")}</p>
          ) : (
            <>
              <p className="font-semibold text-ink-200">{t("callback.invalidLink")}</p>
              <p className="text-sm text-ink-300">{t("callback.causesIntro")}</p>
              <ul className="list-disc space-y-1 pl-5 text-left text-sm text-ink-300">
                {(t("callback.causes", { returnObjects: true }) as unknown as string[]).map((cause) => (
                  <li key={cause}>{cause}</li>
                ))}
              </ul>
              <p className="text-sm text-ink-200">{t("callback.requestNew")}</p>
            </>
          )}
          <p className="text-sm text-ink-300">{t("callback.redirectingHome")}</p>
          <Link to="/" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
            {t("callback.backHome")}
          </Link>
        </div>
      )}
    </section>
  );
}
