// The feed's public entry for the browser: the home page's feed.
export { HomeFeed } from "./components/home-feed";
