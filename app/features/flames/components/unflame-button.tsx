import type { ActionReply } from "~/lib/http/action.server";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/lib/i18n/react";

/** The remove action's reply (ADR 024). */
export type UnflameActionData = ActionReply;

/**
 * Remove-like with a confirm step: a disclosure that opens 'Remove from your
 * liked videos? Yes / No' (native <details>, so it works without JavaScript).
 * After 'Yes' the page's loader runs again and the card leaves the list.
 */
export function UnflameButton({ clipId, title }: { clipId: string; title: string }) {
  const { t } = useT("flamed");
  const fetcher = useFetcher<UnflameActionData>();
  const details = useRef<HTMLDetailsElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast.error(fetcher.data.errors.form ?? "");
  }, [fetcher.data, fetcher.state]);

  return (
    <details ref={details} className="group">
      <summary className="cursor-pointer list-none rounded-full border border-ink-600 px-3 py-1 text-center text-xs font-semibold text-ink-200 hover:bg-ink-800 group-open:hidden [&::-webkit-details-marker]:hidden">
        {t("card.remove")}
        <span className="sr-only">: {title}</span>
      </summary>
      <div role="group" aria-label={t("card.confirm")} className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-ink-200">{t("card.confirm")}</span>
        <fetcher.Form method="post">
          <input type="hidden" name="clipId" value={clipId} />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-red-600 px-3 py-1 text-xs font-semibold text-white hover:bg-red-500 disabled:opacity-60"
          >
            {busy ? t("card.removing") : t("card.yes")}
          </button>
        </fetcher.Form>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            if (details.current) details.current.open = false;
          }}
          className="rounded-full border border-ink-600 px-3 py-1 text-xs font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
        >
          {t("card.no")}
        </button>
      </div>
    </details>
  );
}
