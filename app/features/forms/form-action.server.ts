import { redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { flashCookie } from "~/lib/flash.server";
import { handleAction } from "~/lib/http/action.server";
import { InvalidFields, RateLimited } from "~/lib/http/errors";
import { receiveForm, type FormName } from "./forms.server";
import { TEXT_MAX } from "./sanitize";
import { readPlainForm, readSubmissionForm, type StoredUpload } from "./submission-upload.server";
import type { UploadError } from "./upload-rules";
import { reserveUpload } from "./upload-quota.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The action every form route shares, on the one action helper (ADR 024). With JavaScript the form posts
 * through a fetcher with `_js=1` and gets `{ ok: true }` back (the page shows the toast); without it the page
 * re-renders with the values and messages (400), shows its success message, or, for submissions, goes home
 * with a flash toast. The registry's schema validates inside `receiveForm` together with the upload. The
 * submit form may carry a file, which is streamed into quarantine first and removed again if the form is refused.
 */
export async function formAction(args: Args, name: FormName) {
  const services = getServices(args);
  const { db, origin, storage, env } = services;
  const visitor = getVisitor(args);
  let upload: StoredUpload | null | undefined;
  let uploadError: UploadError | null | undefined;
  // The upload's bytes stay reserved until the form is answered; only a kept file's bytes stay counted.
  const reservation = reserveUpload(db, services.secret, visitor.clientIp, {
    perAddressMb: env.UPLOAD_QUOTA_PER_ADDRESS_MB,
    totalMb: env.UPLOAD_QUOTA_TOTAL_MB,
  });
  let keptBytes = 0;
  try {
    return await answerForm();
  } finally {
    // Answered either way: bytes not given back here only hold space until the reservation goes stale.
    await reservation.end(keptBytes).catch(() => {});
  }

  function answerForm() {
    return handleAction(args, {
      namespace: "forms",
      messageValues: { max: TEXT_MAX },
      read: async (request) => {
        const posted = name === "submit" ? await readSubmissionForm(request, storage, reservation) : await readPlainForm(request);
        ({ upload, uploadError } = posted ?? {});
        return posted?.form ?? null;
      },
      handle: async (values, { form }) => {
        const user = await getUser(args);
        const input = {
          values,
          clientIp: visitor.clientIp,
          userId: user?.id ?? null,
          language: visitor.language,
          origin,
          upload,
          uploadError,
        };
        const result = await receiveForm(services, name, input, env.FORM_LIMIT_PER_IP).catch(async (error: unknown) => {
          if (upload) await storage.delete(upload.key);
          throw error;
        });
        if (!result.ok) {
          // Nothing of a refused form is kept, its file included.
          if (upload) await storage.delete(upload.key);
          throw result.status === 400 ? new InvalidFields(result.errors) : new RateLimited("errors.rateLimited");
        }
        if (upload) keptBytes = upload.bytes;
        if (name === "submit" && form.get("_js") !== "1") {
          throw redirect("/", { headers: { "Set-Cookie": flashCookie("contentSubmitted", secureCookies(origin)) } });
        }
        return {};
      },
    });
  }
}
