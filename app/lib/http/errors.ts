/** Statuses of expected failures: refusals (4xx), and the few server failures the product words itself (5xx). */
export type ExpectedStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502 | 503;

/**
 * Expected failures (ADR 024): a use case throws one of these and the action helper answers with its
 * status and its message, translated in the route's namespace (falling back to `common`). `field` puts the
 * message next to one field; otherwise it is the form's message (`errors.form`).
 */
export class ExpectedError extends Error {
  constructor(
    readonly status: ExpectedStatus,
    readonly key: string,
    readonly values: Record<string, unknown> = {},
    readonly field = "form",
  ) {
    super(key);
    this.name = new.target.name;
  }
}

/** The input cannot be used as it is (400). */
export class InvalidInput extends ExpectedError {
  constructor(key = "errors.invalidInput", values?: Record<string, unknown>, field?: string) {
    super(400, key, values, field);
  }
}

/** Signed out where a member is needed (401). */
export class Unauthorized extends ExpectedError {
  constructor(key = "errors.signedOut", values?: Record<string, unknown>) {
    super(401, key, values);
  }
}

/** Signed in but not allowed (403). */
export class Forbidden extends ExpectedError {
  constructor(key = "errors.forbidden", values?: Record<string, unknown>) {
    super(403, key, values);
  }
}

/** What the request names does not exist (404). */
export class NotFound extends ExpectedError {
  constructor(key = "errors.notFound", values?: Record<string, unknown>) {
    super(404, key, values);
  }
}

/** The request clashes with the current state (409). */
export class Conflict extends ExpectedError {
  constructor(key = "errors.conflict", values?: Record<string, unknown>) {
    super(409, key, values);
  }
}

/** Too many attempts (429). */
export class RateLimited extends ExpectedError {
  constructor(key = "errors.rateLimited", values?: Record<string, unknown>) {
    super(429, key, values);
  }
}

/** Several fields refused at once (400); each value is a message key. */
export class InvalidFields extends ExpectedError {
  constructor(readonly fields: Record<string, string>) {
    super(400, Object.values(fields)[0] ?? "errors.invalidInput");
  }

  /** A schema's issues as the first message of each field (`form` for the whole form's). */
  static fromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): InvalidFields {
    const keys: Record<string, string> = {};
    for (const issue of issues) keys[String(issue.path[0] ?? "form")] ??= issue.message;
    return new InvalidFields(keys);
  }
}

/**
 * A server-side failure the product answers with its own message rather than the error page (e.g. an account
 * deletion rolled back: 500; the sign-in mail could not be sent: 502). The use case logs it with its cause.
 */
export class ServiceFailure extends ExpectedError {
  constructor(status: 500 | 502 | 503, key: string, values?: Record<string, unknown>) {
    super(status, key, values);
  }
}
