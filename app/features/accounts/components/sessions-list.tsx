import { Form, useNavigation } from "react-router";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { SessionEntry } from "../sessions.server";

/** "Chrome on Linux", "Firefox", or "Unknown browser". */
function describe(t: (key: string, values?: Record<string, unknown>) => string, entry: Pick<SessionEntry, "browser" | "system">) {
  if (entry.browser && entry.system) return t("sessions.browserOn", { browser: entry.browser, system: entry.system });
  return entry.browser ?? entry.system ?? t("sessions.unknownBrowser");
}

/**
 * The member's signed-in sessions with "Sign out" for each other one and "Sign out everywhere else". Plain
 * POST forms to the security page: they work before the scripts load.
 */
export function SessionsList({ sessions }: { sessions: SessionEntry[] }) {
  const { t, language } = useT("account-security");
  const busy = useNavigation().state === "submitting";
  const others = sessions.some((entry) => !entry.current);
  return (
    <section aria-labelledby="sessions" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="sessions" className="mb-2 text-lg font-bold text-white">
        {t("sessions.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t("sessions.intro")}</p>
      <ul className="flex flex-col gap-3">
        {sessions.map((entry) => {
          const name = describe(t, entry);
          return (
            <li
              key={entry.id}
              data-testid="session"
              className="flex flex-col gap-2 rounded-xl border border-ink-800 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-white">
                  {name}
                  {entry.current ? <span className="ml-2 text-sm font-normal text-emerald-300">{t("sessions.current")}</span> : null}
                </p>
                <p className="text-sm text-ink-300">
                  {t("sessions.seen", { first: formatLongDate(entry.firstSeen, language), last: formatLongDate(entry.lastSeen, language) })}
                </p>
              </div>
              {entry.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="signOutSession" />
                  <input type="hidden" name="sessionId" value={entry.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={t("sessions.signOutOne", { name })}
                    className="rounded-full border border-ink-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
                  >
                    {t("sessions.signOut")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="signOutOthers" />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700 disabled:opacity-60"
          >
            {t("sessions.signOutOthers")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
