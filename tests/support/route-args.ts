import { RouterContextProvider } from "react-router";
import { servicesContext, visitorContext, type Services, type Visitor } from "~/lib/context";

export interface RouteCall {
  cookie?: string;
  method?: string;
  /** URL-encoded fields, or a FormData sent as multipart. */
  body?: Record<string, string> | URLSearchParams | FormData;
  /** More request headers (origin, sec-gpc, dnt…). */
  headers?: Record<string, string>;
  params?: Record<string, string>;
  brandMode?: "adult" | "conscious";
  language?: "en" | "es";
  clientIp?: string;
}

/**
 * The arguments React Router hands a loader or action, with the platform
 * services and a visitor as the Express server would set them, so a route
 * module's own loader/action can be called directly in a test.
 */
export function routeArgs(services: Services, path: string, call: RouteCall = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(visitorContext, {
    language: call.language ?? "en",
    brandMode: call.brandMode ?? "adult",
    audience: "hetero",
    ageVerified: true,
    ageGateEnabled: true,
    nonce: "",
    clientIp: call.clientIp ?? "127.0.0.1",
    isLoopback: true,
  } as Visitor);
  const headers = new Headers({ ...(call.cookie ? { cookie: call.cookie } : {}), ...call.headers });
  const body =
    call.body instanceof FormData || call.body instanceof URLSearchParams
      ? call.body
      : call.body
        ? new URLSearchParams(call.body)
        : undefined;
  const request = new Request(`${services.origin}${path}`, { method: call.method ?? (body ? "POST" : "GET"), headers, body });
  return { request, context, params: call.params ?? {}, unstable_pattern: path } as never;
}

/** A loader's or action's answer as { status, body }: a Response (its JSON, null for a 204), a data() value, or a plain value (200). */
export async function routeReply(result: unknown): Promise<{ status: number; body: unknown }> {
  if (result instanceof Response) return { status: result.status, body: result.status === 204 ? null : await result.json() };
  const value = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  return value?.type === "DataWithResponseInit" ? { status: value.init?.status ?? 200, body: value.data } : { status: 200, body: value };
}
