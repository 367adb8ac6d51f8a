import { consciousPauses } from "~schema";
import type { Database } from "~/lib/database";
import { InvalidInput } from "~/lib/http/errors";

export type PauseOutcome = "closed" | "continued";

/** The pause's outcome as posted: `closed` or `continued`; InvalidInput otherwise (400, worded in `conscious`). */
export function parsePauseOutcome(form: FormData | URLSearchParams): PauseOutcome {
  const outcome = String(form.get("outcome") ?? "").trim();
  if (outcome !== "closed" && outcome !== "continued") throw new InvalidInput("errors.pause");
  return outcome;
}

/** Records whether a member closed the breathing pause or continued (docs/product.md §11.9). */
export async function recordPause(db: Database, userId: string, outcome: PauseOutcome, at = new Date()): Promise<void> {
  await db.insert(consciousPauses).values({ userId, outcome, at });
}
