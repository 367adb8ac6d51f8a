import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { useEffect } from "react";
import "./app.css";
import { syncVisitorId } from "./features/flames/visitor-id";
import { AgeGate } from "./features/age-gate/components/age-gate";
import { ErrorPage, NotFoundPage } from "./components/error-pages";
import { ConnectivityBanner } from "./components/shell/connectivity-banner";
import { SiteFooter } from "./components/shell/site-footer";
import { SiteHeader } from "./components/shell/site-header";
import { toast, Toaster } from "./components/ui/toaster";
import { getUser } from "./features/accounts/session.server";
import { AdScript } from "./features/ads/ad-script";
import { goPremiumUrl } from "./features/premium/go-premium";
import { readProfile } from "./features/premium/premium.server";
import { getServices, getVisitor } from "./lib/context";
import { readFlash } from "./lib/flash.server";
import { useBrandMode } from "./lib/brand-context";
import { LANGUAGES } from "./lib/i18n/languages";
import { useT, type I18nHandle } from "./lib/i18n/react";
import { useNonce } from "./lib/nonce";

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const { origin, db, env } = getServices(args);
  const user = await getUser(args);
  const flash = readFlash(args.request);
  const adult = visitor.brandMode === "adult";
  const premium = user ? Boolean((await readProfile(db, user.id))?.premium) : false;
  return data(
    {
      language: visitor.language,
      brandMode: visitor.brandMode,
      audience: visitor.audience,
      showAgeGate: visitor.brandMode === "adult" && visitor.ageGateEnabled && !visitor.ageVerified,
      origin,
      user: user ? { email: user.email } : null,
      flash: flash?.key ?? null,
      // SPEC 1: 'Go Premium' for signed-in users without premium, on the adult site.
      goPremiumUrl: adult && user && !premium ? goPremiumUrl(env, args.request.headers.get("host")) : null,
      // DESIGN 11: ads only in adult mode, never for premium users, only when configured.
      adScriptUrl: adult && !premium ? (env.AD_SCRIPT_URL ?? null) : null,
    },
    { headers: flash ? { "Set-Cookie": flash.clear } : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Preferences only change through a full reload or the preferences action. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/preferences" ? true : formAction ? defaultShouldRevalidate : false;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const namespaces = new Set(["common", "accounts", ...useMatches().flatMap((m) => (m.handle as I18nHandle | undefined)?.i18n ?? [])]);
  const brandMode = useBrandMode();
  const { language } = useT();
  const adult = (root?.brandMode ?? brandMode) === "adult";

  return (
    <html lang={language} data-brand={adult ? "adult" : "safe"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={adult ? "#0b0a10" : "#0d1614"} />
        {adult ? (
          <>
            <meta name="rating" content="adult" />
            <meta name="RATING" content="RTA-5042-1996-1400-1577-RTA" />
          </>
        ) : null}
        {root
          ? [...LANGUAGES.map((lang) => ({ lang, href: `${root.origin}${pathname}?lang=${lang}` })), { lang: "x-default", href: `${root.origin}${pathname}` }].map(
              (alt) => <link key={alt.lang} rel="alternate" hrefLang={alt.lang} href={alt.href} />,
            )
          : null}
        <meta name="i18n-namespaces" content={[...namespaces].join(",")} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className={adult ? "" : "bg-[#0d1614]"}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (loaderData.brandMode === "adult") syncVisitorId();
  }, [loaderData.brandMode]);
  useFlashToast(loaderData.flash);
  useEffect(() => {
    // Lets tests (and curious people) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Shell brandMode={loaderData.brandMode}>
      <Outlet />
      {loaderData.showAgeGate ? <AgeGate /> : null}
      {loaderData.adScriptUrl && !loaderData.showAgeGate ? <AdScript src={loaderData.adScriptUrl} /> : null}
    </Shell>
  );
}

function useFlashToast(flash: RootData["flash"]) {
  const { t } = useT("accounts");
  useEffect(() => {
    if (flash === "signedOut") toast.success(t("toasts.signedOut"));
    else if (flash === "signOutFailed") toast.error(t("toasts.signOutFailed"));
    else if (flash === "accountDeleted") toast.success(t("toasts.accountDeleted"));
    else if (flash === "contentSubmitted") toast.success(t("flash.contentSubmitted"));
  }, [flash, t]);
}

function Shell({ brandMode, children }: { brandMode: "adult" | "safe"; children: React.ReactNode }) {
  const { t } = useT();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2">
        {t("nav.skipToContent")}
      </a>
      <ConnectivityBanner />
      <SiteHeader brandMode={brandMode} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-16 pt-4 sm:px-6">
        {children}
      </main>
      <SiteFooter brandMode={brandMode} />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const page = notFound ? <NotFoundPage /> : <ErrorPage />;
  // Without root data (the root loader itself failed) render the page alone.
  if (!root) return page;
  return <Shell brandMode={root.brandMode}>{page}</Shell>;
}
