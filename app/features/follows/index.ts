// Follows' public entry for the browser and the server: the follow button and the Following page's views.
export { FollowButton } from "./components/follow-button";
export { FollowingPage } from "./components/following-page";
export { FollowingList, type FollowingListData } from "./components/following-list";
