import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { servicesContext, visitorContext } from "./lib/context";
import { i18nFor } from "./lib/i18n/server";
import { I18nProvider } from "./lib/i18n/react";
import { BrandModeProvider } from "./lib/brand-context";
import { NonceProvider } from "./lib/nonce";
import { alreadyLogged } from "./lib/http/action.server";
import { lazyViewsReady } from "./lib/lazy-view";
import { afterPaintScripts } from "./lib/http/after-paint-scripts.server";

// The server fills these keys in getLoadContext; exporting them from the
// build keeps one set of key objects (server/react-router.ts reads them).
export { servicesContext, visitorContext };

export const streamTimeout = 5_000;

/** React Router's own error log, minus what the action helper already logged with the request's logger (ADR 024). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || alreadyLogged(error)) return;
  console.error(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const visitor = loadContext.get(visitorContext);
  // Loads every namespace of the language so server rendering never suspends on one.
  await i18nFor(visitor.language);
  // Views the browser loads lazily render in place on the server (app/lib/lazy-view.tsx).
  await lazyViewsReady();
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={visitor.nonce}>
        <BrandModeProvider value={visitor.brandMode}>
          <I18nProvider language={visitor.language}>
            <ServerRouter context={routerContext} url={request.url} nonce={visitor.nonce} />
          </I18nProvider>
        </BrandModeProvider>
      </NonceProvider>,
      {
        nonce: visitor.nonce,
        // Every view is rendered in place, in document order: React otherwise moves a finished Suspense boundary
        // (a lazy view) past 12.8 KB of the page to its end, hidden until an inline script swaps it in — nowhere
        // without JavaScript, and after the first paint with it.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // The page's scripts are requested after its first paint (docs/decisions/110-scripts-after-first-paint.md).
          const body = afterPaintScripts();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged by the server's error handler.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
