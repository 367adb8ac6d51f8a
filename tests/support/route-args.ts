import { RouterContextProvider } from "react-router";
import { servicesContext, visitorContext, type Services, type Visitor } from "~/lib/context";

export interface RouteCall {
  cookie?: string;
  method?: string;
  /** URL-encoded fields, or a FormData sent as multipart. */
  body?: Record<string, string> | FormData;
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
  const headers = new Headers(call.cookie ? { cookie: call.cookie } : {});
  const body = call.body instanceof FormData ? call.body : call.body ? new URLSearchParams(call.body) : undefined;
  const request = new Request(`${services.origin}${path}`, { method: call.method ?? (body ? "POST" : "GET"), headers, body });
  return { request, context, params: call.params ?? {}, unstable_pattern: path } as never;
}
