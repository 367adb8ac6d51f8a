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

/** A subclass of ExpectedError for one status, whose message key defaults to `defaultKey`. */
function expectedError(status: ExpectedError["status"], defaultKey: string) {
  return class extends ExpectedError {
    constructor(key = defaultKey, values?: Record<string, unknown>, field?: string) {
      super(status, key, values, field);
    }
  };
}

/** The input cannot be used as it is (400). */
export class InvalidInput extends expectedError(400, "errors.invalidInput") {}

/** Signed out where a member is needed (401). */
export class Unauthorized extends expectedError(401, "errors.signedOut") {}

/** Signed in but not allowed (403). */
export class Forbidden extends expectedError(403, "errors.forbidden") {}

/** What the request names does not exist (404). */
export class NotFound extends expectedError(404, "errors.notFound") {}

/** The request clashes with the current state (409). */
export class Conflict extends expectedError(409, "errors.conflict") {}

/** Too many attempts (429). */
export class RateLimited extends expectedError(429, "errors.rateLimited") {}

/** Several fields refused at once (400); each value is a message key. */
export class InvalidFields extends ExpectedError {
  constructor(readonly fields: Record<string, string>) {
    super(400, Object.values(fields)[0] ?? "errors.invalidInput");
  }

  /** A schema's issues as the first message of each field (`form` for the whole form's). */
  static fromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): InvalidFields {
    const keys: Record<string, string> = {};
    // A page's `intent` is no visible field: a refused intent is the form's message.
    const fieldOf = (path: readonly PropertyKey[]) => (path[0] === undefined || path[0] === "intent" ? "form" : String(path[0]));
    for (const issue of issues) keys[fieldOf(issue.path)] ??= issue.message;
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
