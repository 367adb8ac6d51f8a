import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { Refused } from "~/lib/http/action.server";
import { useBrandMode } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";
import { Spinner } from "./spinner";

/** The /my-account action's refusal of a deletion (ADR 024); a deletion that works goes home instead. */
export type DeleteAccountActionData = Refused;

/** Opens the dialog without JavaScript: the trigger is a link to `?confirm=delete`. */
const CONFIRM_PARAM = "confirm";

/**
 * 'Delete account' behind a native <dialog> ('Are you sure?', warning, Cancel,
 * Confirm). While the deletion runs both buttons are disabled and Confirm
 * reads 'Deleting...'; success redirects home with the flash toast, a failure
 * shows the step's message inline and as a toast.
 */
export function DeleteAccountDialog({ initial }: { initial?: DeleteAccountActionData }) {
  const { t } = useT("my-account");
  // Conscious Mode has no flamed clips to mention.
  const wording =
    useBrandMode() === "conscious"
      ? { intro: "delete.introConscious", warning: "delete.warningConscious" }
      : { intro: "delete.intro", warning: "delete.warning" };
  const fetcher = useFetcher<DeleteAccountActionData>({ key: "delete-account" });
  // The location, not useSearchParams: only this dialog used it, and it weighed on every first load (ADR 105).
  const confirming = new URLSearchParams(useLocation().search).get(CONFIRM_PARAM) === "delete";
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(initial?.errors.form ?? null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    const message = result.errors.form ?? "";
    setError(message);
    toast.error(message || t("delete.errors.generic"));
  }, [fetcher.data, fetcher.state, t]);

  const open = () => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) element.close();
    setError(null);
    element.showModal();
  };

  return (
    <section aria-labelledby="delete-account" className="rounded-2xl border border-red-900/60 bg-ink-900 p-5">
      <h2 id="delete-account" className="mb-2 text-lg font-bold text-white">
        {t("delete.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t(wording.intro)}</p>
      <Link
        to={`?${CONFIRM_PARAM}=delete`}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          open();
        }}
        className="inline-flex rounded-full border border-red-700 px-5 py-2 font-semibold text-red-200 hover:bg-red-950"
      >
        {t("delete.button")}
      </Link>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      ) : null}

      <dialog
        ref={dialog}
        open={confirming || undefined}
        aria-labelledby="delete-account-title"
        aria-describedby="delete-account-warning"
        onCancel={(event) => {
          if (busy) event.preventDefault();
        }}
        className="fixed inset-0 z-40 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-200 backdrop:bg-black/70"
      >
        <h2 id="delete-account-title" className="text-xl font-bold text-white">
          {t("delete.title")}
        </h2>
        <p id="delete-account-warning" className="mt-2 text-ink-300">
          {t(wording.warning)}
        </p>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-300">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {/* method="dialog" closes the dialog natively, with or without JavaScript. */}
          <form method="dialog">
            <button
              type="submit"
              disabled={busy}
              className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
            >
              {t("delete.cancel")}
            </button>
          </form>
          <fetcher.Form method="post" action="/my-account" aria-busy={busy}>
            <input type="hidden" name="intent" value="deleteAccount" />
            <button
              type="submit"
              disabled={busy}
              className="flex items-center gap-2 rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-500 disabled:opacity-60"
            >
              {busy ? <Spinner /> : null}
              {busy ? t("delete.deleting") : t("delete.confirm")}
            </button>
          </fetcher.Form>
        </div>
      </dialog>
    </section>
  );
}
