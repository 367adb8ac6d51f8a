import { pageParam } from "~/lib/pagination";
import { SEARCH_MIN, sortParam, stateFilter } from "./queues.server";

/** A list's query string: ?state=, ?sort=, ?q= (searched from three characters on) and ?page=. */
export function listParams(url: URL) {
  const state = stateFilter(url.searchParams.get("state"));
  // "#1a2b3c4d" is how the desk shows a short id.
  const raw = (url.searchParams.get("q") ?? "").trim().replace(/^#/, "").slice(0, 200);
  return {
    state,
    sort: sortParam(url.searchParams.get("sort"), state),
    q: raw.length >= SEARCH_MIN ? raw : null,
    rawQ: raw,
    tooShort: raw.length > 0 && raw.length < SEARCH_MIN,
    page: pageParam(url),
  };
}
