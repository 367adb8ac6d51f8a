/**
 * In the browser: make sure this visitor holds an anonymous id the server signed (ADR 140). The code that asks for
 * one loads when first needed — after the page is hydrated — outside the home page's first-load JavaScript.
 */
export const ensureAnonymousId = (): Promise<void> => import("./anonymous-id").then((module) => module.ensureAnonymousId());
