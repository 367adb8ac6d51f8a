import { useEffect, useRef, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { CardCaption } from "~/features/clips";
import type { ActionReply } from "~/lib/http/action.server";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { HistoryEntry, WatchHistoryPage as HistoryPage } from "../watch-history.server";

export type HistoryActionData = ActionReply<{ intent: string }>;

export interface WatchHistoryData {
  page: HistoryPage;
  paused: boolean;
  /** The browser sends Global Privacy Control or Do Not Track: nothing personal is recorded anyway. */
  noProfile: boolean;
  signedIn: boolean;
  /** The list does not start at the newest entry (`?after=`). */
  continued: boolean;
}

/** The watch history (docs/product.md §5.9): the pause switch, then the clips watched, newest first. */
export function WatchHistoryView({ data }: { data: WatchHistoryData }) {
  const { t } = useT("history");
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const removedAt = useRef(0);
  useRemovalSaid({ heading, list, removedAt });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 py-6" data-testid="watch-history">
      <header className="flex flex-col gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-white">
          {t("title")}
        </h1>
        <p className="text-ink-300">{t("intro")}</p>
        {data.signedIn ? null : <p className="text-sm text-ink-300">{t("anonymous")}</p>}
        <p className="text-sm">
          <Link to="/what-the-feed-learned" className="text-flame-300 underline underline-offset-4 hover:text-white">
            {t("learnedLink")}
          </Link>
        </p>
      </header>
      {data.noProfile ? (
        <p role="note" className="rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-sm text-ink-200">
          {t("noProfile")}
        </p>
      ) : null}
      <PauseSwitch paused={data.paused} />
      {data.page.entries.length ? (
        <ul ref={list} className="flex flex-col gap-3" aria-label={t("title")}>
          {data.page.entries.map((entry, index) => (
            <li key={`${entry.clip.id}-${entry.viewedAt}`}>
              <HistoryItem entry={entry} onRemove={() => (removedAt.current = index)} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty />
      )}
      {data.page.next || data.continued ? (
        <nav aria-label={t("title")} className="flex flex-wrap gap-4">
          {data.continued ? (
            <Link to="/watch-history" className="text-flame-300 underline underline-offset-4">
              {t("first")}
            </Link>
          ) : null}
          {data.page.next ? (
            <Link to={`/watch-history?after=${encodeURIComponent(data.page.next)}`} className="text-flame-300 underline underline-offset-4">
              {t("more")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** Removals share one fetcher: its result outlives the row it took away. */
const REMOVE = "history-remove";

/**
 * A removal's result, said once it is done: a toast, and focus on the Remove button of the row that took the removed
 * one's place (the one before it at the list's end, the page's heading once the list is empty) — the button pressed
 * has left with its row, and focus would otherwise fall back to the top of the document.
 */
function useRemovalSaid({
  heading,
  list,
  removedAt,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  list: RefObject<HTMLUListElement | null>;
  removedAt: RefObject<number>;
}) {
  const { t } = useT("history");
  const fetcher = useFetcher<HistoryActionData>({ key: REMOVE });
  const said = useRef<HistoryActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    said.current = fetcher.data;
    if (!fetcher.data.ok) return void toast.error(fetcher.data.errors.form ?? "");
    toast.success(t("removed"));
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]") ?? [];
    (buttons[Math.min(removedAt.current, buttons.length - 1)] ?? heading.current)?.focus();
  }, [fetcher.data, fetcher.state, heading, list, removedAt, t]);
}

/**
 * Says plainly whether history is recorded, with the one button that changes it. The button stays enabled while its
 * change is sent (a second press is ignored): a disabled button would drop keyboard focus to the top of the document.
 */
function PauseSwitch({ paused }: { paused: boolean }) {
  const { t } = useT("history");
  const fetcher = useFetcher<HistoryActionData>();
  useRefusalToast(fetcher);
  const state = paused ? "paused" : "active";
  return (
    <section
      aria-labelledby="history-state"
      data-history-state={state}
      className={`flex flex-col gap-3 rounded-2xl border p-5 ${paused ? "border-flame-500 bg-ink-900" : "border-ink-800 bg-ink-900"}`}
    >
      <h2 id="history-state" className="text-lg font-bold text-white">
        {t(`${state}.heading`)}
      </h2>
      <p className="text-sm text-ink-300">{t(`${state}.body`)}</p>
      <fetcher.Form method="post" onSubmit={(event) => fetcher.state !== "idle" && event.preventDefault()}>
        <input type="hidden" name="intent" value={paused ? "resume" : "pause"} />
        <button
          type="submit"
          aria-disabled={fetcher.state !== "idle"}
          className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800 aria-disabled:opacity-60"
        >
          {paused ? t("paused.resume") : t("active.pause")}
        </button>
      </fetcher.Form>
      <p role="status" className="text-sm text-ink-200">
        {fetcher.data?.ok ? t(fetcher.data.intent === "pause" ? "pausedNow" : "resumedNow") : ""}
      </p>
    </section>
  );
}

/** One clip watched. Its Remove posts through the page's shared fetcher (useRemovalSaid says the result). */
function HistoryItem({ entry, onRemove }: { entry: HistoryEntry; onRemove: () => void }) {
  const { t, language } = useT("history");
  const { t: tFeed } = useT("feed");
  const fetcher = useFetcher<HistoryActionData>({ key: REMOVE });
  const { clip } = entry;
  return (
    <article aria-label={clip.title} className="flex gap-3 rounded-2xl border border-ink-800 bg-ink-900 p-3">
      <Link
        to={`/video/${clip.slug}`}
        className="block w-20 shrink-0 overflow-hidden rounded-xl bg-ink-800"
        tabIndex={-1}
        aria-hidden="true"
      >
        {clip.thumbnailUrl ? (
          <img src={clip.thumbnailUrl} alt="" loading="lazy" decoding="async" className="aspect-[9/16] h-full w-full object-cover" />
        ) : (
          <span className="flex aspect-[9/16] items-center p-1 text-center text-[10px] text-ink-300">{t("mediaHidden")}</span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <CardCaption
          clip={clip}
          heading="h2"
          flames={tFeed("feed.flames", { count: clip.flames })}
          views={tFeed("feed.views", { count: clip.views })}
        />
        <p className="text-xs text-ink-300">
          <time dateTime={entry.viewedAt}>{t("watchedOn", { date: formatLongDate(entry.viewedAt, language) })}</time>
        </p>
        <fetcher.Form
          method="post"
          className="mt-auto"
          onSubmit={(event) => (fetcher.state !== "idle" ? event.preventDefault() : onRemove())}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="clipId" value={clip.id} />
          <button
            type="submit"
            data-remove
            aria-disabled={fetcher.state !== "idle"}
            aria-label={t("removeLabel", { title: clip.title })}
            className="rounded-full border border-ink-600 px-3 py-1 text-xs pointer-coarse:min-h-11 font-semibold text-ink-200 hover:bg-ink-800 aria-disabled:opacity-60"
          >
            {t("remove")}
          </button>
        </fetcher.Form>
      </div>
    </article>
  );
}

function Empty() {
  const { t } = useT("history");
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-12 text-center">
      <h2 className="text-xl font-bold text-white">{t("empty.heading")}</h2>
      <p className="text-ink-300">{t("empty.body")}</p>
      <Link to="/" className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
        {t("empty.browse")}
      </Link>
    </section>
  );
}

/** A refused change (a bad clip id, no visitor cookie) is said in a toast, translated by the server. */
function useRefusalToast(fetcher: { state: string; data?: HistoryActionData }) {
  const shown = useRef<HistoryActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    toast.error(fetcher.data.errors.form ?? "");
  }, [fetcher.data, fetcher.state]);
}
