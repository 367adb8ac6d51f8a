import pino from "pino";
import { scrub } from "./log-scrub";
import { currentRequestId } from "./request-context.server";

// Structured JSON logs. E-mail addresses and tokens never reach a log line:
// known secret fields are censored and free text is scrubbed of e-mails.
// A line written while serving a request carries its id (`reqId`, ADR 097).

export { scrub } from "./log-scrub";

/** `destination` defaults to stdout; tests pass a stream to read the lines back. */
export function createLogger(level: string = "info", destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      mixin() {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      redact: {
        paths: [
          "email",
          "*.email",
          "token",
          "*.token",
          "password",
          "*.password",
          "headers.cookie",
          "headers.authorization",
          "req.headers.cookie",
        ],
        censor: "[redacted]",
      },
      // Free text in a line's own fields (url, path, key…) is scrubbed like the message: linear, ADR 096.
      formatters: {
        log(object) {
          const scrubbed: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(object)) scrubbed[key] = typeof value === "string" ? scrub(value) : value;
          return scrubbed;
        },
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? pino.destination(1),
  );
}

export type Logger = ReturnType<typeof createLogger>;
