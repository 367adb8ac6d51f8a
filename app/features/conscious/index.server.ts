// Conscious Mode's server entry for other features: the member's data for their export.
export { consciousExport, type ConsciousExport } from "./export.server";
export { listEmotions } from "./emotions.server";
export { parsePauseOutcome, recordPause } from "./pauses.server";
export { latestUsage, parseUsage, saveUsage } from "./usage.server";
export { loadInsights, saveGoal, todayOverGoal } from "./insights.server";
export { consciousJobs, scheduleConsciousRetention } from "./retention.server";
export { timeZoneFromCookie } from "./time-zone";
export { parseGoalMinutes } from "./insights";
export { sessionsCsv } from "./export";
export { loadWeeklyReport } from "./report.server";
export {
  scheduleWeeklyMail,
  setWeeklyMail,
  unsubscribeWeeklyMail,
  readUnsubscribeToken,
  weeklyMailJobs,
  weeklyMailOn,
  WEEKLY_MAIL_JOB,
} from "./weekly-mail.server";
