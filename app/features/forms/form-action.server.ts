import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { flashCookie } from "~/lib/flash.server";
import { formValues } from "./fields";
import type { FormActionData } from "./form-result";
import { receiveForm, type FormName, type ReceiveResult } from "./forms.server";
import { readPlainForm, readSubmissionForm } from "./submission-upload.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The action every form route shares. With JavaScript the form posts through
 * a fetcher with `_js=1` and gets `{ ok: true }` back (the page shows the toast);
 * without it the page re-renders with the values and messages (400), shows its
 * success message, or, for submissions, goes home with a flash toast. The
 * submit form may carry a file, which is streamed into quarantine first and
 * removed again if the form is refused.
 */
export async function formAction(args: Args, name: FormName) {
  const { db, origin, storage } = getServices(args);
  const visitor = getVisitor(args);
  if (args.request.method !== "POST") return refused(405, "errors.methodNotAllowed", { Allow: "POST" });
  const posted = name === "submit" ? await readSubmissionForm(args.request, storage) : await readPlainForm(args.request);
  // A body that is no form at all (JSON, text, a multipart header without its boundary…).
  if (!posted) return refused(400, "errors.unreadable");
  const { form, upload, uploadError } = posted;
  const values = formValues(form);
  const user = await getUser(args);
  let result: ReceiveResult;
  try {
    result = await receiveForm(db, name, {
      values,
      clientIp: visitor.clientIp,
      userId: user?.id ?? null,
      language: visitor.language,
      origin,
      upload,
      uploadError,
    });
  } catch (error) {
    if (upload) await storage.delete(upload.key);
    throw error;
  }

  if (!result.ok) {
    // Nothing of a refused form is kept, its file included.
    if (upload) await storage.delete(upload.key);
    const body: FormActionData =
      result.status === 400 ? { ok: false, errors: result.errors, values } : { ok: false, errors: { form: "errors.rateLimited" }, values };
    return data(body, { status: result.status });
  }
  if (name === "submit" && form.get("_js") !== "1") {
    throw redirect("/", { headers: { "Set-Cookie": flashCookie("contentSubmitted", origin.startsWith("https:")) } });
  }
  return data({ ok: true } satisfies FormActionData);
}

const refused = (status: 400 | 405, message: string, headers?: HeadersInit) =>
  data({ ok: false, errors: { form: message }, values: {} } satisfies FormActionData, { status, headers });
