// The nudge the home page shows once today's goal is passed, loaded when shown (see index.lazy.ts).
export { GoalNudge } from "./components/insights-goal-nudge";
