import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getServices, getVisitor } from "../context";
import { serverT } from "../i18n/server";
import { ExpectedError, InvalidFields, InvalidInput } from "./errors";
import { tryReadForm } from "./form";

/** Messages per field (`form` for the whole form), already translated. */
export type FieldMessages = Record<string, string>;
/** A refused action: what went wrong and what was posted, so the page can show the form again (ADR 024). */
export type Refused = { ok: false; errors: FieldMessages; values: Record<string, string>; reason?: string };
/** The one reply shape of every action (ADR 024); a redirect is thrown instead. */
export type ActionReply<T extends object = object> = ({ ok: true } & T) | Refused;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export interface ActionTools {
  /** The posted form as read (files included). */
  form: FormData;
  /** Headers sent with the reply, whatever it is (cookies set by the use case). */
  headers: Headers;
  /** The route's translator (its namespace, then `common`). */
  t: TFunction;
  /** Status of a successful reply (200 unless set). */
  status: number;
}

export interface ActionSpec<S extends z.ZodType, T extends object> {
  /** Translation namespace of the schema's messages and of the expected errors' keys. */
  namespace: string;
  /** Parses the form's string values; its messages are translation keys. Omitted: the values as posted. */
  schema?: S;
  /** Interpolation values for every message (e.g. `{ max }`). */
  messageValues?: Record<string, unknown>;
  /** Reads the body (e.g. streaming an upload); null means it is no form. Default: the posted form. */
  read?: (request: Request) => Promise<FormData | null>;
  /** The use case. Throws ExpectedError for expected failures, a redirect to leave, or returns the success payload. */
  handle: (input: z.output<S>, tools: ActionTools) => Promise<T | Response>;
}

/** Plain string values of a form (files and `_`-prefixed control fields are not values). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !key.startsWith("_")) values[key] = value;
  return values;
}

/** Errors the helper has logged, so React Router's error handler does not log them again (entry.server.tsx). */
const logged = new WeakSet<object>();
export const alreadyLogged = (error: unknown) => typeof error === "object" && error !== null && logged.has(error);

/**
 * The one way an action runs (ADR 024): read the form, parse it with its schema, run the use case, and answer
 * `{ ok: true, ...payload }` or `{ ok: false, errors, values }` with a translated 4xx. A thrown Response
 * (redirect) or `data()` (a guard's 401/404) passes through; any other error is logged once with the request's logger and rethrown, so
 * React Router shows the error page.
 */
export async function handleAction<S extends z.ZodType = z.ZodType<Record<string, string>>, T extends object = object>(
  args: Args,
  spec: ActionSpec<S, T>,
) {
  const t = await serverT(getVisitor(args).language, spec.namespace);
  const headers = new Headers();
  let values: Record<string, string> = {};
  const refuse = (status: number, keys: Record<string, string>, error?: ExpectedError) => {
    const errors: FieldMessages = {};
    for (const [field, key] of Object.entries(keys)) errors[field] = t(key, { ...spec.messageValues, ...error?.values });
    // An expected error's key tells the page which case it is (e.g. 'errors.signedOut' shows a sign-in link); so does
    // the schema's message for the whole form (a refused intent).
    const reason = error?.key ?? keys.form;
    const body: Refused = reason ? { ok: false, errors, values, reason } : { ok: false, errors, values };
    return data<ActionReply<T>>(body, { status, headers });
  };
  try {
    const form = await (spec.read ?? tryReadForm)(args.request);
    if (!form) throw new InvalidInput("errors.unreadable");
    values = formValues(form);
    let input: unknown = values;
    if (spec.schema) {
      const parsed = spec.schema.safeParse(values);
      if (!parsed.success) throw InvalidFields.fromIssues(parsed.error.issues);
      input = parsed.data;
    }
    const tools: ActionTools = { form, headers, t, status: 200 };
    const result = await spec.handle(input as z.output<S>, tools);
    if (result instanceof Response) return result;
    return data<ActionReply<T>>({ ok: true, ...result }, { status: tools.status, headers });
  } catch (error) {
    if (error instanceof InvalidFields) return refuse(error.status, error.fields);
    if (error instanceof ExpectedError) return refuse(error.status, { [error.field]: error.key }, error);
    if (error instanceof Response) throw withHeaders(error, headers);
    // A guard's `throw data(…, { status })` (requireUser 401, requireModerator 404) is an answer, not a failure.
    if (isThrownData(error)) throw error;
    logOnce(args, error);
    throw error;
  }
}

/** React Router's `data()` value (its class is not exported under a stable name). */
const isThrownData = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit";

function withHeaders(response: Response, headers: Headers): Response {
  for (const [name, value] of headers) response.headers.append(name, value);
  return response;
}

function logOnce(args: Args, error: unknown) {
  if (alreadyLogged(error)) return;
  const url = new URL(args.request.url);
  getServices(args).log.error({ err: error, method: args.request.method, path: url.pathname }, "action failed");
  if (typeof error === "object" && error !== null) logged.add(error);
}
