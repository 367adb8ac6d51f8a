// The desk's public entry for the browser: the pages and parts the admin routes render. The edit forms'
// schemas are in index.server.ts: only the actions parse with them.
export {
  AdminThumbnail,
  DECISION_STYLES,
  DecisionIcon,
  DeskNav,
  DeskSearch,
  focusRing,
  FormattedDate,
  StateListPage,
} from "./components/admin-ui";
export { DeskFiguresView } from "./components/desk-figures";
export { SiteStatisticsView } from "./components/statistics";
export { ClipCaptionsForm, ClipEditForm, CreatorEditForm } from "./components/catalogue-edit-forms";
export { CategoryEditForm } from "./components/category-edit-form";
export { DECISION_BUTTON, DecisionListPage } from "./components/decision-list-page";
export { ItemPage } from "./components/item-page";
export { ListPage } from "./components/list-page";
export { ShortcutsHelp } from "./components/shortcuts";
