import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { ActionReply } from "~/lib/http/action.server";
import { useT } from "~/lib/i18n/react";
import { LEARNED_FACETS, learnedNothing, type LearnedFacet, type LearnedItem, type LearnedProfile } from "../feed-learned";

export type LearnedActionData = ActionReply<{ intent: string }>;

export interface FeedLearnedData {
  profile: LearnedProfile;
  /** The browser sends Global Privacy Control or Do Not Track: no profile is kept or read. */
  noProfile: boolean;
  /** History is paused: nothing new is learned. */
  paused: boolean;
  signedIn: boolean;
}

/** Where the forms post: the page's own action, for the page and for My account alike. */
export const FEED_LEARNED_PATH = "/what-the-feed-learned";

const itemLink = (item: LearnedItem) =>
  item.facet === "category"
    ? `/?category=${encodeURIComponent(item.slug)}`
    : `/${item.facet === "tag" ? "tag" : "creator"}/${encodeURIComponent(item.slug)}`;

const signed = (weight: number) => `${weight > 0 ? "+" : "−"}${Math.abs(weight).toFixed(1)}`;

/**
 * What the feed learned (docs/decisions/166-what-the-feed-learned.md): the visitor's strongest likings and dislikes
 * per category, tag and creator with their weights, "Forget this" on each and "Reset everything". Plain forms: they
 * work before the page's script runs. `place` "account" is My account's section (an h2; without the page's script
 * its forms come back there).
 */
export function FeedLearned({ data, place = "page" }: { data: FeedLearnedData; place?: "page" | "account" }) {
  const { t } = useT("learned");
  const Heading = place === "page" ? "h1" : "h2";
  const empty = learnedNothing(data.profile);
  const heading = useRef<HTMLHeadingElement>(null);
  useChangeSaid(heading);
  return (
    <section
      aria-labelledby="feed-learned"
      data-testid="feed-learned"
      className={
        place === "page"
          ? "mx-auto flex max-w-3xl flex-col gap-6 py-6"
          : "flex flex-col gap-4 rounded-2xl border border-ink-800 bg-ink-900 p-5"
      }
    >
      <header className="flex flex-col gap-2">
        <Heading
          id="feed-learned"
          ref={heading}
          tabIndex={-1}
          className={place === "page" ? "text-2xl font-bold text-white" : "text-lg font-bold text-white"}
        >
          {t("title")}
        </Heading>
        <p className="text-sm text-ink-300">{t("intro")}</p>
        {data.signedIn || place === "account" ? null : <p className="text-sm text-ink-300">{t("anonymous")}</p>}
      </header>
      {data.noProfile ? (
        <p role="note" className="rounded-xl border border-ink-700 bg-ink-950 px-4 py-3 text-sm text-ink-200" data-no-profile>
          {t("noProfile")}
        </p>
      ) : data.paused ? (
        <p role="note" className="rounded-xl border border-ink-700 bg-ink-950 px-4 py-3 text-sm text-ink-200">
          {t("paused")}
        </p>
      ) : null}
      {empty ? (
        <p className="text-ink-200" data-learned-empty>
          {t("empty")}
        </p>
      ) : (
        <>
          {LEARNED_FACETS.map((facet) => (
            <FacetList key={facet} facet={facet} lists={data.profile[facet]} place={place} />
          ))}
          <ChangeForm place={place} intent="reset" className="flex flex-col gap-2 border-t border-ink-800 pt-4">
            <p className="text-sm text-ink-300">{t("reset.body")}</p>
            <button
              type="submit"
              className="self-start rounded-full border border-flame-500 px-5 py-2 font-semibold text-white hover:bg-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300"
            >
              {t("reset.button")}
            </button>
          </ChangeForm>
        </>
      )}
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to="/watch-history" className="text-flame-300 underline underline-offset-4 hover:text-white">
          {t("historyLink")}
        </Link>
        {place === "page" ? (
          <Link to="/politica-de-privacidade" className="text-flame-300 underline underline-offset-4 hover:text-white">
            {t("privacyLink")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}

function FacetList({ facet, lists, place }: { facet: LearnedFacet; lists: LearnedProfile[LearnedFacet]; place: "page" | "account" }) {
  const { t } = useT("learned");
  if (!lists.likes.length && !lists.dislikes.length) return null;
  const Heading = place === "page" ? "h2" : "h3";
  const id = `learned-${facet}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-facet={facet}>
      <Heading id={id} className="text-lg font-bold text-white">
        {t(`facet.${facet}`)}
      </Heading>
      {(["likes", "dislikes"] as const).map((kind) =>
        lists[kind].length ? (
          <div key={kind} className="flex flex-col gap-2">
            <p className="text-sm font-semibold text-ink-200">{t(`${kind}.heading`)}</p>
            <ul className="flex flex-col gap-2" aria-label={`${t(`facet.${facet}`)}: ${t(`${kind}.heading`)}`}>
              {lists[kind].map((item) => (
                <li key={item.itemId} data-learned-item={item.slug} className="flex items-center gap-3 rounded-xl bg-ink-950 px-3 py-2">
                  <Link to={itemLink(item)} className="min-w-0 flex-1 truncate text-white underline-offset-4 hover:underline">
                    {facet === "tag" ? `#${item.name}` : item.name}
                  </Link>
                  <span className="text-sm tabular-nums text-ink-200" data-weight={item.weight.toFixed(2)}>
                    <span className="sr-only">{t("weight")} </span>
                    {signed(item.weight)}
                  </span>
                  <ChangeForm place={place} intent="forget" fields={{ facet, itemId: item.itemId }}>
                    <button
                      type="submit"
                      aria-label={t("forgetLabel", { name: item.name })}
                      className="rounded-full border border-ink-600 px-3 py-1 text-xs pointer-coarse:min-h-11 font-semibold text-ink-200 hover:bg-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300"
                    >
                      {t("forget")}
                    </button>
                  </ChangeForm>
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </section>
  );
}

/** The page's changes share one fetcher: its result outlives the row (or the whole list) the change took away. */
const CHANGE = "feed-learned-change";

/**
 * A change's result, said once it is done: a toast, and focus on the section's heading — the button that was pressed
 * has left with its row, and focus would otherwise fall back to the top of the document.
 */
function useChangeSaid(heading: RefObject<HTMLHeadingElement | null>) {
  const { t } = useT("learned");
  const fetcher = useFetcher<LearnedActionData>({ key: CHANGE });
  const said = useRef<LearnedActionData | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    said.current = fetcher.data;
    if (!fetcher.data.ok) return void toast.error(fetcher.data.errors.form ?? "");
    toast.success(t(fetcher.data.intent === "reset" ? "reset.done" : "forgotten"));
    heading.current?.focus();
  }, [fetcher.data, fetcher.state, heading, t]);
}

/**
 * One change, on the page and in My account alike: a form of the shared fetcher (the list reloads, useChangeSaid says
 * the result). Without the page's script it is an ordinary post; My account's then carries `back=account`, and the
 * action goes back there. With the script `back` is left out: the result is said here, focus stays in the section.
 */
function ChangeForm({
  place,
  intent,
  fields = {},
  className,
  children,
}: {
  place: "page" | "account";
  intent: "forget" | "reset";
  fields?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<LearnedActionData>({ key: CHANGE });
  return (
    <form
      method="post"
      action={FEED_LEARNED_PATH}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const body = new FormData(event.currentTarget);
        body.delete("back");
        void fetcher.submit(body, { method: "post", action: FEED_LEARNED_PATH });
      }}
    >
      {place === "account" ? <input type="hidden" name="back" value="account" /> : null}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
