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
import { useEffect } from "react";
import stylesheet from "./app.css?url";
import { syncAnonymousId } from "./features/flames";
import { SearchBox } from "./features/search";
import { ConnectivityBanner } from "./components/shell/connectivity-banner";
import { SiteHeader, type ShellHandle } from "./components/shell/site-header";
import { toast, Toaster } from "./components/ui/toaster";
import { shellOfError } from "./components/shell/shell-error";
import { loadShell, type ShellData } from "./shell.server";
import { AdScript } from "./features/ads/ad-script";
import { readFlash } from "./lib/flash.server";
import { useBrandMode } from "./lib/brand-context";
import { LANGUAGES } from "./lib/i18n/languages";
import { PageTranslations, useT, type I18nHandle } from "./lib/i18n/react";
import { useNonce } from "./lib/nonce";
import { AgeGate } from "./features/age-gate/components/age-gate";
import { AccountEntry } from "./features/accounts";
import { SiteFooter } from "./components/shell/site-footer";
import { lazyView } from "./lib/lazy-view";

// Error pages are rare: loaded when shown, outside the home page's first-load JavaScript
// (docs/decisions/040-javascript-budgets.md); the server's HTML holds them until then.
const NotFoundPage = lazyView(() => import("./components/error-pages").then((m) => m.NotFoundPage));
const ErrorPage = lazyView(() => import("./components/error-pages").then((m) => m.ErrorPage));

// The age gate, the account menu and the footer are in the first load: loading them after it left
// the server's markup and the client's side by side (two footers, two account menus) and took the
// gate's no-JavaScript form away (docs/decisions/043-first-load-javascript.md, "Reverted").

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

  return (
    <html lang={language} data-brand={adult ? "adult" : "conscious"}>
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
          ? [
              ...LANGUAGES.map((lang) => ({ lang, href: `${root.origin}${pathname}?lang=${lang}` })),
              { lang: "x-default", href: `${root.origin}${pathname}` },
            ].map((alt) => <link key={alt.lang} rel="alternate" hrefLang={alt.lang} href={alt.href} />)
          : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
    if (loaderData.brandMode === "adult") syncAnonymousId();
  }, [loaderData.brandMode]);
  useFlashToast(loaderData.flash);
  useEffect(() => {
    // Lets tests (and curious people) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <Shell data={loaderData}>
      <FlashWithoutScript flash={loaderData.flash} />
      <Outlet />
      {loaderData.showAgeGate ? <AgeGate /> : null}
      {loaderData.adScriptUrl && !loaderData.showAgeGate ? <AdScript src={loaderData.adScriptUrl} /> : null}
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
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        {t("nav.skipToContent")}
      </a>
      <ConnectivityBanner />
      {/* The first frame waits for the whole header: painted while its HTML was still arriving, the right-aligned
          navigation moved left as its last items came (a layout shift). */}
      <link rel="expect" href={`#${HEADER_END_ID}`} blocking="render" />
      <SiteHeader shell={data} search={<SearchBox />} account={<AccountEntry user={data.user} />} />
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
  const page = notFound ? <NotFoundPage /> : <ErrorPage />;
  // Without shell data (the root loader itself failed) render the page alone.
  if (!shell) return page;
  return <Shell data={shell}>{page}</Shell>;
}
