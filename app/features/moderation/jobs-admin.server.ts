import type { Database } from "~/lib/database";
import { NotFound } from "~/lib/http/errors";
import { retryJob } from "~/lib/jobs/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

/** A moderator sends a failed job back to the queue (audited); a job that is not there or not failed is NotFound. */
export async function retryFailedJob(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuidV4(id) || !(await retryJob(db, id))) throw new NotFound("item.failed");
  await writeAudit(db, actor, { action: "job_retried", targetType: "job", targetId: id });
}
