// Creator accounts' server entry: requests to run a creator page, the desk's decision, the owner's dashboard and
// their page edits (moderated before they are public).
export {
  CLAIM_PAGE_SIZE,
  claimableCreator,
  decideClaim,
  MAX_PENDING_CLAIMS,
  memberClaims,
  newClaimCode,
  ownedCreator,
  pendingClaims,
  requestClaim,
  type MemberClaim,
  type PendingClaim,
} from "./claims.server";
export {
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_PERIODS,
  loadDashboard,
  parseDashboardCursor,
  parsePeriod,
  periodDays,
  type ClipNumbers,
  type Dashboard,
  type DashboardPeriod,
} from "./dashboard.server";
export { AVATAR_FIELD, pageEditForm, type PageEdit } from "./page-edit.schema";
export {
  decidePageEdit,
  ownerPage,
  PAGE_EDIT_QUEUE_SIZE,
  proposePageEdit,
  publicAvatarKey,
  waitingAvatar,
  waitingPageEdits,
  type OwnerPage,
  type WaitingPageEdit,
} from "./page-edits.server";
