import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";

export interface AccountSummary {
  id: string;
  email: string;
  createdAt: string;
}

/** E-mail, user id and creation date (long format of the visitor's language). */
export function AccountDetails({ account }: { account: AccountSummary }) {
  const { t, language } = useT("my-account");
  const rows = [
    { label: t("details.email"), value: account.email, testId: "account-email" },
    { label: t("details.userId"), value: account.id, testId: "account-id", mono: true },
    { label: t("details.createdAt"), value: formatLongDate(account.createdAt, language), testId: "account-created" },
  ];
  return (
    <section aria-labelledby="account-details" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="account-details" className="mb-4 text-lg font-bold text-white">
        {t("details.heading")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        {rows.map((row) => (
          <div key={row.testId} className="contents">
            <dt className="text-sm text-ink-300">{row.label}</dt>
            <dd data-testid={row.testId} className={`break-all text-white ${row.mono ? "font-mono text-sm" : ""}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
