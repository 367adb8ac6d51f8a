import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while serving a request carries (ADR 097). */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
