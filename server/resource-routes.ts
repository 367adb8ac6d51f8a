import express, { type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from "express";
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { jsonTextOf } from "../app/lib/http/json-text";

/**
 * The hottest resource routes — the feed's pages and flames — called straight from Express
 * (docs/decisions/106-direct-resource-routes.md). Their route modules stay the one definition; this runs
 * their loader or action the way React Router does for a resource route (a route module with no
 * component: its answer is the response), without React Router's per-request work of matching,
 * data strategy and turning `data()` into a web `Response` and back, which cost a third of the time of
 * an `/api/feed` page (docs/performance.md § Throughput, "the request path").
 *
 * What React Router gives such a route and this keeps: `request` (a web Request with the same URL,
 * method, headers and body), `params` (these routes have none), `context`; a returned or thrown
 * `Response` is sent as is, `data()` as JSON with its status and headers, anything else returned as
 * JSON; anything else thrown is the app's 500.
 */
export interface DirectRoute {
  /** The exact path, e.g. `/api/feed`. */
  path: string;
  /** The route's id in the build, e.g. `routes/api.feed`. */
  id: string;
  /**
   * False for a route that never reads `request.signal`: its Request is made without one, so that signal never
   * aborts. Given a signal, Node 20's Request constructor registers a finalizer and an abort listener for every
   * request, about twice the CPU of the Request alone (docs/decisions/232-newcomers-share-ranked-orders.md).
   */
  signal?: false;
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown;

/** The ids of a route and of every layout above it, from the build's route tree. */
export function routeChain(build: ServerBuild, id: string): string[] {
  const chain: string[] = [];
  for (let at: string | undefined = id; at && !chain.includes(at); at = build.routes[at]?.parentId) chain.push(at);
  return chain;
}

export function directResourceRoutes(
  routes: DirectRoute[],
  build: () => Promise<ServerBuild>,
  contextFor: (req: ExpressRequest, res: ExpressResponse) => Promise<RouterContextProvider>,
  /**
   * True when the request may not run this route directly (the brand rule of app/lib/brand-mode.ts over the
   * route and its layouts): React Router then answers it, with the layouts' middleware — the same 404 as a page.
   */
  refused: (req: ExpressRequest, res: ExpressResponse, routeIds: string[]) => boolean,
): RequestHandler {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  return (req, res, next) => {
    const route = byPath.get(req.path);
    const id = route?.id;
    const kind = req.method === "GET" ? "loader" : req.method === "POST" ? "action" : null;
    if (!id || !kind) return next();
    void (async () => {
      const loaded = await build();
      const run = routeFunctions(loaded, id)?.[kind];
      // A route without this function gets React Router's own answer (405); a refused one its layouts' answer.
      if (!run || refused(req, res, routeChain(loaded, id))) return next();
      const request = await webRequest(req, res, route!.signal !== false);
      await answerWith(res, run, request, await contextFor(req, res));
    })().catch(next);
  };
}

/**
 * Runs a route's loader or action and sends what it returned or threw, as React Router would for a resource route;
 * anything else it throws is rethrown (the app's 500). Shared with the feed's path before Express (server/feed-fast-path.ts).
 */
export async function answerWith(res: ServerResponse, run: RouteFunction, request: Request, context: RouterContextProvider): Promise<void> {
  let result: unknown;
  try {
    result = await run({ request, params: {}, context });
  } catch (thrown) {
    if (!isResponse(thrown) && !isData(thrown)) throw thrown;
    result = thrown;
  }
  await send(res, result);
}

/** A route module's loader and action, as the build holds them. */
export function routeFunctions(build: ServerBuild, id: string): { loader?: RouteFunction; action?: RouteFunction } | undefined {
  return build.routes[id]?.module as { loader?: RouteFunction; action?: RouteFunction } | undefined;
}

/**
 * The web Request of a GET made without a signal (`signal: false`): the URL as React Router builds it (protocol, Host,
 * the request target) and the headers as sent, in their order. Its URL, method and headers are plain fields; undici's
 * Request is made only if the loader reads anything else (docs/decisions/244-plain-get-request.md).
 */
export function unsignalledGet(url: string, rawHeaders: string[]): Request {
  const headers = new Headers();
  for (let i = 0; i < rawHeaders.length; i += 2) headers.append(rawHeaders[i]!, rawHeaders[i + 1]!);
  return new PlainGet(url, headers) as unknown as Request;
}

/**
 * A GET as a loader reads it. undici's Request constructor parses the URL, copies the headers and makes an
 * AbortSignal for every request, which was 6–7 % of a feed page's CPU; the feed's loader reads the URL and headers only.
 * It is a `Request` (`instanceof`), and every other property or method of one — `signal`, `clone()`, `text()`… — is
 * answered by the real Request, made on first use from the same URL and headers.
 */
class PlainGet {
  readonly method = "GET";
  #real: Request | undefined;
  constructor(
    readonly url: string,
    readonly headers: Headers,
  ) {}
  static real(self: PlainGet): Request {
    return (self.#real ??= new Request(self.url, { method: "GET", headers: self.headers }));
  }
}
Object.setPrototypeOf(PlainGet.prototype, Request.prototype);
for (const key of Reflect.ownKeys(Request.prototype)) {
  if (key === "constructor" || key === "url" || key === "method" || key === "headers") continue;
  const own = Object.getOwnPropertyDescriptor(Request.prototype, key)!;
  const real = (self: PlainGet) => PlainGet.real(self);
  if (typeof own.value === "function") {
    const method = own.value as (...args: unknown[]) => unknown;
    Object.defineProperty(PlainGet.prototype, key, {
      value(this: PlainGet, ...args: unknown[]) {
        return method.apply(real(this), args);
      },
    });
  } else if (own.get) {
    const get = own.get;
    Object.defineProperty(PlainGet.prototype, key, {
      get(this: PlainGet) {
        return get.call(real(this));
      },
    });
  }
}

/** Bodies up to this size, announced by Content-Length, are read whole before the web Request is made. */
const SMALL_BODY = 16 * 1024;

/** The web Request React Router would make of this Express request (as @react-router/express does). */
async function webRequest(req: ExpressRequest, res: ExpressResponse, abortable: boolean): Promise<Request> {
  const url = requestUrl(req.protocol, req.get("host"), req.originalUrl);
  if (!abortable && req.method === "GET") return unsignalledGet(url, req.rawHeaders);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  if (req.method === "GET") return new Request(url, { method: "GET", headers, signal: controller.signal });
  // A flame's form is a few dozen bytes: read as one buffer, it spares the web stream wrapped around Node's
  // (docs/performance.md § Throughput, "flames on PGlite"). Anything larger, or of unknown length, is streamed as before.
  const length = Number(req.headers["content-length"]);
  if (Number.isInteger(length) && length >= 0 && length <= SMALL_BODY) {
    return new Request(url, { method: req.method, headers, signal: controller.signal, body: await smallBody(req) });
  }
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

/** The URL React Router gives a request: Express's protocol (a trusted proxy's), the Host as sent, the request target. */
export function requestUrl(protocol: string, host: string | undefined, target: string): string {
  return `${protocol}://${host ?? "localhost"}${target}`;
}

/** The body of a request that announced its length (Node's parser holds it to that length). */
function smallBody(req: ExpressRequest): Promise<BodyInit> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks) as unknown as BodyInit));
    req.once("error", reject);
    req.once("close", () => {
      if (!req.complete) reject(new Error("the request was closed before its body ended"));
    });
  });
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isData(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function isResponse(value: unknown): value is Response {
  return value instanceof Response;
}

/** Express's `res.append` on Node's own response: values added to the header's, a Content-Type given its charset. */
function append(res: ServerResponse, name: string, value: string): void {
  const prev = res.getHeader(name) as string | string[] | number | undefined;
  const joined = prev ? (Array.isArray(prev) ? [...prev, value] : [String(prev), value]) : value;
  (express.response.set as (this: ServerResponse, field: string, value: string | string[]) => unknown).call(res, name, joined);
}

/** Express's `res.status` (its checks included) on Node's own response. */
function setStatus(res: ServerResponse, status: number): void {
  (express.response.status as (this: ServerResponse, code: number) => unknown).call(res, status);
}

async function send(res: ServerResponse, result: unknown): Promise<void> {
  if (isResponse(result)) {
    setStatus(res, result.status);
    result.headers.forEach((value, name) => append(res, name, value));
    const body = Buffer.from(await result.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  const { data, init } = isData(result) ? result : { data: result, init: null };
  setStatus(res, init?.status ?? 200);
  new Headers(init?.headers).forEach((value, name) => append(res, name, value));
  if (!res.getHeader("content-type")) res.setHeader("Content-Type", "application/json");
  const body = jsonTextOf(data) ?? JSON.stringify(data) ?? "";
  res.setHeader("Content-Length", typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  res.end(body);
}
