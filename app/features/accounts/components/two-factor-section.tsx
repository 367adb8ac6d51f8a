import { Form, useNavigation } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { TotpSetup, TwoFactorStatus } from "../two-factor.server";
import { CodeInput } from "./code-input";

const button = "rounded-full px-5 py-2 font-semibold text-white disabled:opacity-60";

function CodeField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <CodeInput id={id} label={label} error={error} className="max-w-48 placeholder:text-ink-300/60" />
    </div>
  );
}

/** Backup codes, shown once after they are made. */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useT("account-security");
  return (
    <div className="rounded-xl border border-amber-400/40 bg-ink-950 p-4" aria-labelledby="backup-codes-heading" role="region">
      <h3 id="backup-codes-heading" className="font-semibold text-white">
        {t("twoFactor.backupHeading")}
      </h3>
      <p className="mb-3 text-sm text-ink-300">{t("twoFactor.backupIntro")}</p>
      <ul data-testid="backup-codes" className="grid grid-cols-2 gap-2 font-mono text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Two-factor authentication on the security page: set up with an authenticator app (QR code and the secret to
 * type in), confirm with a code, get backup codes; turn off with a code unless the desk requires it.
 */
export function TwoFactorSection(props: {
  status: TwoFactorStatus;
  setup: TotpSetup | null;
  required: boolean;
  backupCodes: string[] | null;
  errors: Record<string, string> | null;
  intent: string | null;
}) {
  const { t } = useT("account-security");
  const busy = useNavigation().state === "submitting";
  const errorFor = (intent: string) => (props.intent === intent ? (props.errors?.code ?? props.errors?.form) : undefined);
  return (
    <section id="two-factor" aria-labelledby="two-factor-heading" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="two-factor-heading" className="mb-2 text-lg font-bold text-white">
        {t("twoFactor.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t("twoFactor.intro")}</p>
      {props.required && props.status !== "on" ? (
        <p role="alert" className="mb-4 rounded-xl bg-amber-500/10 p-3 text-sm text-amber-200">
          {t("twoFactor.requiredForDesk")}
        </p>
      ) : null}
      {props.status === "off" ? (
        <Form method="post" action="/my-account/security#two-factor">
          <input type="hidden" name="intent" value="twoFactorStart" />
          <button type="submit" disabled={busy} className={`${button} bg-flame-600 hover:bg-flame-700`}>
            {t("twoFactor.start")}
          </button>
          {errorFor("twoFactorStart") ? (
            <p role="alert" className="mt-2 text-sm text-red-300">
              {errorFor("twoFactorStart")}
            </p>
          ) : null}
        </Form>
      ) : null}
      {props.status === "pending" && props.setup ? (
        <div className="flex flex-col gap-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-200">
            <li>{t("twoFactor.stepScan")}</li>
            <li>{t("twoFactor.stepCode")}</li>
          </ol>
          <figure className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
            <div
              role="img"
              aria-label={t("twoFactor.qrLabel")}
              className="h-48 w-48 shrink-0 rounded-lg bg-white p-1"
              // The SVG is drawn on the server from the otpauth URI (uqr): markup we made, no text of anyone's.
              dangerouslySetInnerHTML={{ __html: props.setup.qrSvg }}
            />
            <figcaption className="text-sm text-ink-300">
              {t("twoFactor.manual")}
              <code data-testid="totp-secret" className="mt-1 block break-all font-mono text-base text-white">
                {props.setup.secret}
              </code>
            </figcaption>
          </figure>
          <Form method="post" action="/my-account/security#two-factor" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="twoFactorConfirm" />
            <CodeField id="setup-code" label={t("twoFactor.codeLabel")} error={errorFor("twoFactorConfirm")} />
            <button type="submit" disabled={busy} className={`${button} bg-flame-600 hover:bg-flame-700`}>
              {t("twoFactor.confirm")}
            </button>
          </Form>
        </div>
      ) : null}
      {props.status === "on" ? (
        <div className="flex flex-col gap-4">
          <p data-testid="two-factor-on" className="font-semibold text-emerald-300">
            {t("twoFactor.isOn")}
          </p>
          {props.backupCodes ? <BackupCodes codes={props.backupCodes} /> : null}
          <Form method="post" action="/my-account/security#two-factor">
            <input type="hidden" name="intent" value="backupCodes" />
            <button type="submit" disabled={busy} className={`${button} border border-ink-600 hover:bg-ink-800`}>
              {t("twoFactor.renewBackup")}
            </button>
          </Form>
          {props.required ? (
            <p className="text-sm text-ink-300">{t("twoFactor.cannotTurnOff")}</p>
          ) : (
            <Form method="post" action="/my-account/security#two-factor" className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="twoFactorOff" />
              <CodeField id="off-code" label={t("twoFactor.codeLabel")} error={errorFor("twoFactorOff")} />
              <button type="submit" disabled={busy} className={`${button} border border-red-400/60 hover:bg-red-500/10`}>
                {t("twoFactor.turnOff")}
              </button>
            </Form>
          )}
        </div>
      ) : null}
    </section>
  );
}
