import { isIP } from "node:net";
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

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, or a network in CIDR notation, or one of Express's names for address ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * A network so wide it holds much of the internet (0.0.0.0/0, ::/0, 128.0.0.0/1…): trusting it trusts every
 * client. Private networks stay possible: 10.0.0.0/8 and fc00::/7 are the widest accepted.
 */
function isCatchAll(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  if (prefix === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefix)) return false;
  const version = isIP(address ?? "");
  return (version === 4 && Number(prefix) < 8) || (version === 6 && Number(prefix) < 7);
}

const TRUST_PROXY_ON =
  "'on' is no longer accepted: it trusted the left-most X-Forwarded-For, which the client writes, so every per-address " +
  "limit could be bypassed. Set the hop count (the number of proxies in front of the app, usually 1) or the " +
  "addresses/networks of your proxies (e.g. 10.0.0.0/8, 192.168.1.5); see docs/security.md";

/**
 * TRUST_PROXY (docs/decisions/092-trust-proxy.md): off, a hop count, or the proxies' addresses.
 * Becomes Express's `trust proxy` setting: false, a number or a list.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? "").trim().toLowerCase();
    if (["", "off", "false", "0", "no"].includes(value)) return false;
    if (["on", "true", "yes"].includes(value)) {
      ctx.addIssue({ code: "custom", message: TRUST_PROXY_ON });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const catchAll = entries.filter(isCatchAll);
    if (catchAll.length) {
      ctx.addIssue({
        code: "custom",
        message:
          `a range this wide (${catchAll.join(", ")}) trusts every client's X-Forwarded-For, so every per-address limit ` +
          "could be bypassed: name your proxies' addresses or networks (IPv4 /8 or narrower, IPv6 /7 or narrower), or a hop count",
      });
      return z.NEVER;
    }
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length || !entries.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be off, a hop count (1-10) or a comma list of proxy addresses/networks; not an address: ${bad.join(", ") || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

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
    /**
     * nginx sends the media files (ADR 156): /media decides who may see a file, then answers with
     * `X-Accel-Redirect: <this prefix><key>` and nginx serves it from an `internal` location. Local storage only.
     */
    MEDIA_ACCEL_REDIRECT: z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9._~/-]*\/$/, "must be a path that starts and ends with /, like /_media/")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Hosts (or parts) that serve Conscious Mode (ADR 004); SAFE_HOSTS is the deprecated name. */
    CONSCIOUS_HOSTS: list,
    /** Public URL of Conscious Mode; SAFE_SITE_URL is the deprecated name. */
    CONSCIOUS_SITE_URL: optionalUrl(["http:", "https:"]),
    MAIN_SITE_URL: optionalUrl(["http:", "https:"]),
    ADMIN_EMAILS: list,
    AD_SCRIPT_URL: optionalUrl(["https:", "http:"]),
    BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
    AGE_GATE: onOff(true),
    TRUST_PROXY: trustProxy,
    // Sign-in links one IP may ask for in 10 minutes (docs/product.md §15.2: 10). Raised only where many people
    // share one address, or for a test run that signs in from one machine many times.
    SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
    FORM_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(5),
    // Anonymous flames (ADR 140, amending ADR 093): anonymous ids page views may issue to one address in an hour
    // (a ceiling: mobile carriers put thousands of visitors behind one address), flames a minute under one id,
    // and anonymous flames a minute from one address (a ceiling against floods).
    FLAME_NEW_IDS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(1000),
    FLAME_LIMIT_PER_ID: z.coerce.number().int().min(1).max(100_000).default(300),
    FLAME_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(3000),
    /** Background job loops this server runs (publishing, fingerprints, scans, e-mail); 0 leaves jobs to other servers. */
    JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
    /** Levels below the server's CPU priority at which a background job's ffmpeg runs (read where ffmpeg starts). */
    MEDIA_JOB_NICE: z.coerce.number().int().min(0).max(19).default(19),
    /** Bytes (in MB) one address may upload through the submit form in 24 hours (ADR 099). */
    UPLOAD_QUOTA_PER_ADDRESS_MB: z.coerce.number().int().min(1).max(2000).default(200),
    /** MB all uploads waiting in quarantine may take together; past it the submit form refuses files. */
    UPLOAD_QUOTA_TOTAL_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
    /** Bearer token that opens /metrics to a scraper that is not on this machine (ADR 097). */
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
    /** PGlite (no DATABASE_URL) on a worker thread, so its synchronous work never stalls the server's thread (ADR 034); off by default: on two cores it measured no faster. */
    PGLITE_WORKER: onOff(false),
    /** How long an anonymous page may be served from the in-memory micro-cache (docs/decisions/032-anonymous-micro-cache.md); 0 turns it off. */
    MICRO_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
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

/** Old names still accepted for one release (ADR 079); the new name wins when both are set. */
export const DEPRECATED_NAMES = { SAFE_HOSTS: "CONSCIOUS_HOSTS", SAFE_SITE_URL: "CONSCIOUS_SITE_URL" } as const;

/** A warning per deprecated variable the environment sets, logged at start. */
export function deprecatedIn(source: NodeJS.ProcessEnv): string[] {
  return Object.entries(DEPRECATED_NAMES)
    .filter(([old]) => source[old] !== undefined)
    .map(([old, name]) => `${old} is deprecated: use ${name}`);
}

/** Parses the environment; throws an EnvError whose message names each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const renamed = { ...source };
  for (const [old, name] of Object.entries(DEPRECATED_NAMES)) renamed[name] ??= source[old];
  const result = envSchema.safeParse(renamed);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

/** The public origin of the site, used in canonical links, sitemaps and e-mails. */
export function publicOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
