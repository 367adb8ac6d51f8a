import { z } from "zod";

// Every setting the server reads, validated once at boot. A bad value stops the
// server with a message naming the variable; nothing else reads process.env.

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
    message: `must be a URL starting with ${protocols.join(" or ")}`,
  });

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const onOff = (fallback: boolean) =>
  z
    .enum(["on", "off", "true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : ["on", "true", "1"].includes(v)));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    BUILD_DIR: z.string().trim().min(1).default("build"),
    PUBLIC_URL: optionalUrl(["http:", "https:"]),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
    MAIL_FROM: z.string().trim().min(3).default("Spicy Clips <no-reply@localhost>"),
    S3_ENDPOINT: optionalUrl(["http:", "https:"]),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: onOff(true),
    SAFE_HOSTS: list,
    SAFE_SITE_URL: optionalUrl(["http:", "https:"]),
    MAIN_SITE_URL: optionalUrl(["http:", "https:"]),
    ADMIN_EMAILS: list,
    AD_SCRIPT_URL: optionalUrl(["https:", "http:"]),
    BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
    AGE_GATE: onOff(true),
    TRUST_PROXY: onOff(false),
    // Sign-in links one IP may ask for in 10 minutes (issue 4: 10). Raised only where many people
    // share one address, or for a test run that signs in from one machine many times.
    SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Background job loops this server runs (publishing, fingerprints, scans, e-mail); 0 leaves jobs to other servers. */
    JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when any S3_* variable is set" });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; throws an EnvError whose message names each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

/** The public origin of the site, used in canonical links, sitemaps and e-mails. */
export function publicOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
