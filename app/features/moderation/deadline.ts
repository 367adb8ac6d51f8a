// Shared by the queues (server) and their badges (browser).

/** TAKE IT DOWN Act: valid removal requests are acted on within 48 hours (DESIGN 2). */
export const DEADLINE_HOURS = 48;
/** Open items with this little time left are "due soon": highlighted and listed right after the overdue ones. */
export const DUE_SOON_HOURS = 12;
