// Conscious Mode's public entry for the browser: the insights and calm pages' views.
export { CalmPage } from "./components/calm-page";
export { InsightsPage } from "./components/insights-page";
export { WeeklyReportView } from "./components/weekly-report-page";
