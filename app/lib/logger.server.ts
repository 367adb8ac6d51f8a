import pino from "pino";

// Structured JSON logs. E-mail addresses and tokens never reach a log line:
// known secret fields are censored and free text is scrubbed of e-mails.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const TOKEN_PARAM = /([?&](?:token|code|access_token|refresh_token|callbackURL)=)[^&\s]+/gi;

export function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(TOKEN_PARAM, "$1[redacted]");
}

export function createLogger(level: string = "info") {
  return pino({
    level,
    base: undefined,
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
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>);
      },
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
