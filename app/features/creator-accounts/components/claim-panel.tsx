import { Form, Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { MemberClaim } from "../claims.server";

const BUTTON =
  "rounded-full bg-flame-500 px-5 py-2 font-semibold text-white hover:bg-flame-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** "This is me": asks to run one creator's page; the reply shows the code to post, or why not. */
export function ClaimPanel({ creator, refusal, busy }: { creator: { slug: string; name: string }; refusal: string | null; busy: boolean }) {
  const { t } = useT("creator-accounts");
  return (
    <section aria-labelledby="claim-heading" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="claim-heading" className="mb-2 text-lg font-bold text-white">
        {t("claim.heading", { name: creator.name })}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t("claim.body")}</p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="creator" value={creator.slug} />
        {refusal ? (
          <p role="alert" className="text-sm text-red-300">
            {refusal}
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={`self-start ${BUTTON}`}>
          {t("claim.submit")}
        </button>
      </Form>
    </section>
  );
}

/** The member's requests: which page, its state, and the code while a moderator has not decided. */
export function ClaimList({ claims, sent }: { claims: MemberClaim[]; sent: boolean }) {
  const { t } = useT("creator-accounts");
  return (
    <section aria-labelledby="claims-heading" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="claims-heading" className="mb-3 text-lg font-bold text-white">
        {t("claims.heading")}
      </h2>
      {sent ? (
        <p role="status" className="mb-3 text-sm text-emerald-300">
          {t("claim.sent")}
        </p>
      ) : null}
      {claims.length === 0 ? (
        <p className="text-sm text-ink-300">{t("claims.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {claims.map((claim) => (
            <li key={claim.id} data-claim={claim.creatorSlug} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Link to={`/creator/${claim.creatorSlug}`} className="font-semibold text-flame-300 underline underline-offset-4">
                {claim.creatorName}
              </Link>
              <span className="text-sm text-ink-200">{t(`claims.${claim.status}`)}</span>
              {claim.status === "pending" ? (
                <code data-testid="claim-code" className="rounded bg-ink-800 px-2 py-0.5 text-sm text-white">
                  {t("claims.codeLabel", { code: claim.code })}
                </code>
              ) : null}
              {claim.status === "approved" ? (
                <Link to={`/my-creator?creator=${claim.creatorSlug}`} className="text-sm text-flame-300 underline underline-offset-4">
                  {t("title")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
