import { useFetcher } from "react-router";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";

/** The weekly e-mail setting's reply (ADR 024). */
export type WeeklyMailActionData = ActionReply<{ weeklyMail: boolean }>;

/** The weekly e-mail: off unless the member turns it on; saved through the page's action. */
export function WeeklyMailForm({ on }: { on: boolean }) {
  const { t } = useT("insights");
  const fetcher = useFetcher<WeeklyMailActionData>({ key: "weekly-mail" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const current = result?.ok ? result.weeklyMail : on;
  return (
    <section aria-labelledby="weekly-mail-title" className="rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <h2 id="weekly-mail-title" className="text-lg font-bold text-white">
        {t("weeklyMail.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-300" data-testid="weekly-mail-state">
        {current ? t("weeklyMail.on") : t("weeklyMail.off")}
      </p>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="weeklyMail" value={current ? "off" : "on"} />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
        >
          {current ? t("weeklyMail.turnOff") : t("weeklyMail.turnOn")}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-2 text-sm text-flame-300">
        {result && !result.ok ? (result.errors.weeklyMail ?? result.errors.form) : null}
      </p>
    </section>
  );
}
