import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { FlameIcon } from "~/components/ui/flame-icon";
import { useSiteName } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";
import { AGE_VERIFIED_KEY, LEAVE_URL } from "../age-assurance";

const ONE_YEAR = 60 * 60 * 24 * 365;

function rememberVerification() {
  try {
    window.localStorage.setItem(AGE_VERIFIED_KEY, "true");
  } catch {
    // Private modes may refuse storage; the cookie below still carries the flag.
  }
  document.cookie = `${AGE_VERIFIED_KEY}=true; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}

/**
 * Self-declared age gate (docs/product.md §2.4, ADR 071). The server renders it when
 * the age_verified cookie is absent and leaves every clip and thumbnail out of
 * the page until then. The question appears after the 2 s loader (CSS delay,
 * so it also works without JavaScript; Confirm then posts to /preferences).
 */
export function AgeGate() {
  const { t } = useT();
  const siteName = useSiteName();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    // A visitor who confirmed before but lost the cookie only needs it restored.
    let stored: string | null;
    try {
      stored = window.localStorage.getItem(AGE_VERIFIED_KEY);
    } catch {
      stored = null;
    }
    if (stored === "true") {
      rememberVerification();
      window.location.reload();
      return;
    }
    const el = dialog.current;
    if (el && !el.matches(":modal")) {
      el.close();
      el.showModal();
    }
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      aria-modal="true"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-message"
      onCancel={(event) => event.preventDefault()}
      className="fixed inset-0 z-50 m-0 flex h-full max-h-none w-full max-w-none items-center justify-center bg-ink-950/95 p-4 text-ink-200 backdrop:bg-ink-950/95"
    >
      {/* SPEC's 2 s wait, in the site's own look (its mark, name and a filling bar), never a bare spinner on black;
          nothing of the catalogue shows before the answer. */}
      <div className="gate-loader absolute inset-0 flex flex-col items-center justify-center gap-4" data-testid="gate-loader">
        <FlameIcon className="h-14 w-14 text-flame-500" />
        <p className="text-2xl font-black tracking-tight text-white">{siteName}</p>
        <div aria-hidden="true" className="h-1 w-44 overflow-hidden rounded-full bg-ink-800">
          <div className="gate-progress h-full rounded-full bg-flame-500" />
        </div>
        <p role="status" className="text-sm text-ink-300">
          {t("ageGate.loading")}
        </p>
      </div>
      <div className="gate-question w-full max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-6 text-center shadow-2xl">
        <h2 id="age-gate-title" className="text-2xl font-bold text-white">
          {t("ageGate.title")}
        </h2>
        <p id="age-gate-message" className="mt-3 text-sm leading-relaxed text-ink-300">
          {t("ageGate.message")}{" "}
          <Link to="/termos-de-uso" className="underline underline-offset-2 hover:text-white">
            {t("ageGate.termsLink")}
          </Link>
        </p>
        <form
          method="post"
          action="/preferences"
          className="mt-6 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            rememberVerification();
            window.location.reload();
          }}
        >
          <input type="hidden" name="ageVerified" value="true" />
          <button type="submit" autoFocus className="rounded-full bg-flame-600 px-5 py-3 font-semibold text-white hover:bg-flame-700">
            {t("ageGate.confirm")}
          </button>
          <a
            href={LEAVE_URL}
            rel="noreferrer"
            className="rounded-full border border-ink-600 px-5 py-3 font-semibold text-white hover:bg-ink-800"
          >
            {t("ageGate.leave")}
          </a>
        </form>
      </div>
    </dialog>
  );
}
