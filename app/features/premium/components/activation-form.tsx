import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { ACTIVATION_REDIRECT_MS, SUCCESS_PATH } from "../promo";

/** The activation's reply (ADR 024): `reason` is the expected error's key. */
export type ActivationActionData = ActionReply<{ redirectTo: string }>;

const SIGN_IN_PATH = "/auth/sign-in?next=/ativar";

/**
 * The promo-code form (docs/product.md §11.7). A plain POST to /ativar, so it
 * works without JavaScript; with it, the button shows a busy state.
 */
export function ActivationForm({
  signedIn,
  handoffUrl = null,
  result,
}: {
  signedIn: boolean;
  /** On Conscious Mode's own host: the sign-in hand-off from the main site (ADR 122). */
  handoffUrl?: string | null;
  result?: ActivationActionData;
}) {
  const { t } = useT("premium");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/ativar";
  const input = useRef<HTMLInputElement>(null);
  const error = result && !result.ok ? result : null;

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  return (
    <Form method="post" action="/ativar" aria-busy={busy} className="flex flex-col gap-3">
      <label htmlFor="promo-code" className="text-sm font-medium text-white">
        {t("activate.label")}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={input}
          id="promo-code"
          name="code"
          type="text"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("activate.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "promo-error" : undefined}
          className="flex-1 rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-flame-600 px-6 py-2.5 font-semibold text-white hover:bg-flame-700 disabled:opacity-60"
        >
          {busy ? t("activate.submitting") : t("activate.submit")}
        </button>
      </div>
      {error ? (
        <div id="promo-error" role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200">
          <p>{error.errors.form}</p>
          {error.reason === "errors.signedOut" ? (
            <Link to={SIGN_IN_PATH} className="mt-2 inline-block font-semibold text-white underline">
              {t("activate.signIn")}
            </Link>
          ) : null}
        </div>
      ) : !signedIn ? (
        <>
          <p className="text-sm text-ink-300">
            {t("activate.signInHint")}{" "}
            <Link to={SIGN_IN_PATH} className="font-semibold text-white underline">
              {t("activate.signIn")}
            </Link>
          </p>
          {handoffUrl ? (
            // A full page load: the hand-off is a chain of redirects through the main site.
            <a
              href={handoffUrl}
              className="self-start rounded-full border border-ink-600 px-5 py-2 text-sm font-semibold text-white hover:bg-ink-800"
            >
              {t("activate.continueFromMain")}
            </a>
          ) : null}
        </>
      ) : null}
    </Form>
  );
}

/** 'Premium activated!', then the success page after 2000 ms (a meta refresh does it without JavaScript). */
export function ActivationSuccess() {
  const { t } = useT("premium");
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(SUCCESS_PATH), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="flex flex-col gap-2 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-5">
      <noscript>
        <meta httpEquiv="refresh" content={`${ACTIVATION_REDIRECT_MS / 1000};url=${SUCCESS_PATH}`} />
      </noscript>
      <p className="text-lg font-bold text-emerald-200">{t("activate.success")}</p>
      <p className="text-ink-200">{t("activate.successBody")}</p>
      <Link to={SUCCESS_PATH} className="self-start font-semibold text-white underline">
        {t("activate.continue")}
      </Link>
    </div>
  );
}
