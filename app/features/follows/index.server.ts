// Follows' server entry: the toggle, who follows whom, the Following tab and list, and the merge on sign-in.
export {
  deleteFollows,
  followedCreatorIds,
  followsExport,
  followingList,
  followsCreator,
  FOLLOWING_LIST_SIZE,
  formatCursor,
  InvalidCreator,
  MAX_FOLLOWS,
  mergeAnonymousFollows,
  parseCursor,
  setFollow,
  type Cursor,
  type FollowedCreator,
  type Follower,
} from "./follows.server";
export { followingFeed, FOLLOWING_PAGE_SIZE, type FollowingFeedPage } from "./following-feed.server";
