// Value lists the browser needs too, in a file that imports nothing: importing
// them from a table file would put drizzle-orm into the client bundle
// (docs/decisions/040-javascript-budgets.md).

/** Audiences a clip belongs to (docs/product.md §2.3). */
export const AUDIENCES = ["hetero", "gay", "trans"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** States of a background job. */
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];
