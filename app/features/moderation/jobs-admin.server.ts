import type { Database } from "~/lib/db.server";
import { retryJob } from "~/lib/jobs/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

/** A moderator sends a failed job back to the queue (audited). */
export async function retryFailedJob(db: Database, actor: Actor, id: string) {
  if (!isUuidV4(id) || !(await retryJob(db, id))) return false;
  await writeAudit(db, actor, { action: "job_retried", targetType: "job", targetId: id });
  return true;
}
