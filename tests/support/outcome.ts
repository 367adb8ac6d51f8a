import { ExpectedError } from "~/lib/http/errors";

export type Outcome<T extends object> = ({ ok: true } & T) | { ok: false; key: string; status: number };

/**
 * A use case's answer as one plain value (ADR 024): its result with `ok: true`, or the expected error it
 * threw as `{ ok: false, key, status }`. Anything unexpected is thrown on.
 */
export async function outcome<T extends object>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, ...(await work) };
  } catch (error) {
    if (error instanceof ExpectedError) return { ok: false, key: error.key, status: error.status };
    throw error;
  }
}
