import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { checkSignIn } from "../sign-in";

/** The sign-in action's reply (ADR 024): the address the link went to, or the refusal's message. */
export type SignInActionData = ActionReply<{ email: string }>;

/**
 * The magic-link form (docs/product.md §8.1): the create-account toggle only
 * changes the wording (and offers a username); 'Sending...' while it posts;
 * 'Email sent!' with 'Send another' afterwards. Posts to /auth/sign-in, so it
 * also works as a plain form without JavaScript.
 */
export function SignInForm({ next, initial }: { next: string; initial?: SignInActionData }) {
  const { t } = useT("accounts");
  const fetcher = useFetcher<SignInActionData>();
  const [mode, setMode] = useState<"signin" | "signup">("signin");
  const [sentTo, setSentTo] = useState<string | null>(initial?.ok ? initial.email : null);
  const [error, setError] = useState<string | null>(initial && !initial.ok ? (initial.errors.form ?? null) : null);
  const email = useRef<HTMLInputElement>(null);
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      setSentTo(result.email);
      setError(null);
      toast.success(t("toasts.success"));
    } else {
      // Said once, in the form (role=alert): a toast too sat behind the dialog's overlay, a second copy.
      setError(result.errors.form || t("toasts.failure", { message: t("toasts.unexpected") }));
    }
  }, [fetcher.data, fetcher.state, t]);

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
        <p className="text-xl font-bold text-white">{t("signIn.sent")}</p>
        <p className="text-ink-300">{t("signIn.sentBody", { email: sentTo })}</p>
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setError(null);
            requestAnimationFrame(() => email.current?.focus());
          }}
          className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800"
        >
          {t("signIn.sendAnother")}
        </button>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      action="/auth/sign-in"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const problem = checkSignIn({ email: String(data.get("email") ?? ""), mode, username: String(data.get("username") ?? "") });
        if (problem) {
          event.preventDefault();
          setError(t(`errors.${problem}`));
          email.current?.focus();
        }
      }}
    >
      <p className="text-sm text-ink-300">{mode === "signup" ? t("signIn.introSignup") : t("signIn.intro")}</p>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="next" value={next} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="sign-in-email" className="text-sm font-medium text-white">
          {t("signIn.email")}
        </label>
        <input
          ref={email}
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("signIn.emailPlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-error" : undefined}
          className="rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white placeholder:text-ink-300/60"
        />
      </div>
      {mode === "signup" ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="sign-in-username" className="text-sm font-medium text-white">
            {t("signIn.username")}
          </label>
          <input
            id="sign-in-username"
            name="username"
            type="text"
            autoComplete="username"
            className="rounded-xl border border-ink-600 bg-ink-950 px-3 py-2.5 text-white"
          />
        </div>
      ) : null}
      {error ? (
        <p id="sign-in-error" role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={submitting}
        className="rounded-full bg-flame-600 px-5 py-2.5 font-semibold text-white hover:bg-flame-700 disabled:opacity-60"
      >
        {submitting ? t("signIn.sending") : mode === "signup" ? t("signIn.submitSignup") : t("signIn.submit")}
      </button>
      <button
        type="button"
        onClick={() => setMode(mode === "signup" ? "signin" : "signup")}
        className="text-sm text-ink-300 underline underline-offset-4 hover:text-white"
      >
        {mode === "signup" ? t("signIn.toSignin") : t("signIn.toSignup")}
      </button>
    </fetcher.Form>
  );
}
