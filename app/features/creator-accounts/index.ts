// Creator accounts' browser-safe entry: the member's page parts.
export { ClaimList, ClaimPanel } from "./components/claim-panel";
export { CreatorDashboard } from "./components/creator-dashboard";
export { PageEditForm } from "./components/page-edit-form";
