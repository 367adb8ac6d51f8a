// The feed's server entry: the home feed, the For You page, the visitor's history for ranking, the shared feed cache
// and the feed's seed cookie.
export { feedSeed } from "./feed-seed.server";
export { cachedActiveCategories, cachedFeedJson, NEWEST_FIRST } from "./feed-cache.server";
export { forYouPage } from "./for-you.server";
export { forYouJson } from "./for-you-json.server";
export { noHistory, rankedFeedPage, visitorHistory } from "./rank.server";
export { loadHomeFeed } from "./home.server";
export { feedClips } from "./feed.server";
export { FEED_PAGE_SIZE, parseFeedFilters } from "./feed-filters";
