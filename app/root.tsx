import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { useEffect, useState } from "react";
import stylesheet from "./app.css?url";
import { ensureAnonymousId } from "./features/flames";
import { BRAND_COLOURS, brandIcon } from "./features/seo";
import { SiteHeader, type ShellHandle } from "./components/shell/site-header";
import { toast } from "./components/ui/toaster";
import { shellOfError } from "./components/shell/shell-error";
import { loadShell, type ShellData } from "./shell.server";
import { readFlash } from "./lib/flash.server";
import { useBrandMode } from "./lib/brand-context";
import { LANGUAGES } from "./lib/i18n/languages";
import { PageTranslations, useT, type I18nHandle } from "./lib/i18n/react";
import { useNonce } from "./lib/nonce";
import { AccountEntry } from "./features/accounts";
import { lazyView } from "./lib/lazy-view";

// Error pages are rare: loaded when shown, outside the home page's first-load JavaScript
// (docs/decisions/040-javascript-budgets.md); the server's HTML holds them until then.
const NotFoundPage = lazyView(() => import("./components/error-pages").then((m) => m.NotFoundPage));
const ErrorPage = lazyView(() => import("./components/error-pages").then((m) => m.ErrorPage));
// The Conscious Mode session timer hydrates after the page (its server HTML shows meanwhile).
const SessionTimer = lazyView(() => import("./features/conscious/index.lazy").then((m) => m.SessionTimer));

// Below the fold or shown only when the backend is unreachable: the footer and the connectivity banner hydrate after
// the page (the server's HTML holds the footer meanwhile; nothing of the banner is in it).
const SiteFooter = lazyView(() => import("./components/shell/site-footer").then((m) => m.SiteFooter));
const ConnectivityBanner = lazyView(() => import("./components/shell/connectivity-banner").then((m) => m.ConnectivityBanner));
/** The backend's first check is this long after the page: the banner's code comes then, not with the page. */
const FIRST_CONNECTIVITY_CHECK_MS = 30_000;

// The header's search is a plain GET form that works before its script: it hydrates after the page.
const SearchBox = lazyView(() => import("./features/search/index.lazy").then((m) => m.SearchBox));

// The ad network's frame is added a second after hydration anyway (ADR 060): its code comes after the page.
const AdFrame = lazyView(() => import("./features/ads/index.lazy").then((m) => m.AdFrame));

// The toasts' view renders nothing until the first toast.
const Toaster = lazyView(() => import("./components/ui/toaster-view").then((m) => m.Toaster));

// A visitor sees the age gate once: it hydrates after the page, and its server HTML (a form that works without
// JavaScript) shows meanwhile.
const AgeGate = lazyView(() => import("./features/age-gate/index.lazy").then((m) => m.AgeGate));

// The header's 'Sign in' opens its dialog from the first click, and a member's menu: both stay in the first load.

export async function loader(args: Route.LoaderArgs) {
  const flash = readFlash(args.request);
  return data({ ...(await loadShell(args)), flash: flash?.key ?? null }, { headers: flash ? { "Set-Cookie": flash.clear } : undefined });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// With a precedence React puts the stylesheet at the top of the head, before the scripts' modulepreload links:
// the browser asks for it first and paints without waiting for them (docs/decisions/105-first-load-budget-met.md).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

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
  useEffect(() => {
    // Lets tests (and curious people) know the page is interactive — an error page too (the layout renders both).
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={language} data-brand={adult ? "adult" : "conscious"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={BRAND_COLOURS[adult ? "adult" : "conscious"].theme} />
        {adult ? (
          <>
            <meta name="rating" content="adult" />
            <meta name="RATING" content="RTA-5042-1996-1400-1577-RTA" />
          </>
        ) : null}
        {root
          ? [
              ...LANGUAGES.map((lang) => ({ lang, href: `${root.origin}${pathname}?lang=${lang}` })),
              { lang: "x-default", href: `${root.origin}${pathname}` },
            ].map((alt) => <link key={alt.lang} rel="alternate" hrefLang={alt.lang} href={alt.href} />)
          : null}
        {/* Installable per brand (ADR 141): the companion site shows only its own mark, never the flame. */}
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        {adult ? <link rel="icon" href="/favicon.svg" type="image/svg+xml" /> : null}
        <link rel="apple-touch-icon" href={brandIcon(adult ? "adult" : "conscious", "apple-touch-180")} />
        {/* In the page's language: the installed app is named as the page the visitor installed it from. */}
        <link rel="manifest" href={`/manifest.webmanifest?lang=${language}`} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className={adult ? "" : "bg-[#0d1614]"}>
        {children}
        <PageTranslations language={language} namespaces={namespaces} nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    // A page view issues the anonymous id flames need (ADR 140); members flame as themselves.
    if (loaderData.brandMode === "adult" && !loaderData.user) void ensureAnonymousId();
  }, [loaderData.brandMode, loaderData.user]);
  useFlashToast(loaderData.flash);
  return (
    <Shell data={loaderData}>
      <FlashWithoutScript flash={loaderData.flash} />
      <Outlet />
      {loaderData.showAgeGate ? <AgeGate /> : null}
      {loaderData.adScriptUrl && !loaderData.showAgeGate ? <AdFrame src={loaderData.adScriptUrl} /> : null}
    </Shell>
  );
}

/** A one-time message after a redirect (sign-out, deletion, a submission sent without JavaScript). */
const FLASH_MESSAGES = {
  signedOut: { key: "toasts.signedOut", ok: true },
  signOutFailed: { key: "toasts.signOutFailed", ok: false },
  accountDeleted: { key: "toasts.accountDeleted", ok: true },
  contentSubmitted: { key: "flash.contentSubmitted", ok: true },
} as const;

function useFlashToast(flash: RootData["flash"]) {
  const { t } = useT("accounts");
  useEffect(() => {
    const message = flash ? FLASH_MESSAGES[flash] : null;
    if (message) (message.ok ? toast.success : toast.error)(t(message.key));
  }, [flash, t]);
}

/** Without JavaScript there is no toast: the same message as a status line at the top of the page. */
function FlashWithoutScript({ flash }: { flash: RootData["flash"] }) {
  const { t } = useT("accounts");
  const message = flash ? FLASH_MESSAGES[flash] : null;
  if (!message) return null;
  return (
    <noscript>
      <p
        role="status"
        className={`mx-auto mt-4 max-w-3xl rounded-xl border px-4 py-3 ${message.ok ? "border-emerald-700 bg-emerald-950/60 text-emerald-200" : "border-red-800 bg-red-950/60 text-red-200"}`}
      >
        {t(message.key)}
      </p>
    </noscript>
  );
}

const HEADER_END_ID = "header-end";

function Shell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { t } = useT();
  const matches = useMatches();
  const fullBleed = data.brandMode === "adult" && matches.some((m) => (m.handle as ShellHandle | undefined)?.fullBleed);
  const [watchingConnectivity, setWatchingConnectivity] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWatchingConnectivity(true), FIRST_CONNECTIVITY_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        {t("nav.skipToContent")}
      </a>
      {watchingConnectivity ? <ConnectivityBanner /> : null}
      {/* The first frame waits for the whole header: painted while its HTML was still arriving, the right-aligned
          navigation moved left as its last items came (a layout shift). */}
      <link rel="expect" href={`#${HEADER_END_ID}`} blocking="render" />
      <SiteHeader
        shell={data}
        search={<SearchBox />}
        account={<AccountEntry user={data.user} />}
        timer={data.brandMode === "adult" ? <SessionTimer signedIn={data.user !== null} /> : null}
      />
      <span id={HEADER_END_ID} hidden />
      <main id="main" className={fullBleed ? "w-full" : "mx-auto w-full max-w-6xl flex-1 px-4 pb-16 pt-4 sm:px-6"}>
        {children}
      </main>
      <SiteFooter brandMode={data.brandMode} />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An adult route refused in safe mode answers before the root loader runs; its 404 brings the shell's data.
  const shell = useRootData() ?? shellOfError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const page = notFound ? <NotFoundPage switchBack={shell?.switchBack} /> : <ErrorPage />;
  // Without shell data (the root loader itself failed) render the page alone.
  if (!shell) return page;
  return <Shell data={shell}>{page}</Shell>;
}
