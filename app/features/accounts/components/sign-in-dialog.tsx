import { useEffect, useRef } from "react";
import { useT } from "~/lib/i18n/react";
import { SignInForm } from "./sign-in-form";

/** The header's sign-in dialog (loaded on first use to keep the home page light). */
export default function SignInDialog({ next, onClose }: { next: string; onClose: () => void }) {
  const { t } = useT("accounts");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="sign-in-title"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && dialog.current?.close()}
      className="m-auto w-[min(92vw,26rem)] rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-200 shadow-2xl backdrop:bg-ink-950/80"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="sign-in-title" className="text-xl font-bold text-white">
          {t("signIn.title")}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label={t("signIn.close")}
          className="rounded-full p-1.5 text-ink-300 hover:bg-ink-800 hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <SignInForm next={next} />
    </dialog>
  );
}
