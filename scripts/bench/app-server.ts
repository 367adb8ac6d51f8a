import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { request } from "node:http";
import { root, startServerProcess } from "../support/server-process";

export { build } from "../support/server-process";
export const ROOT = root;

/** The seed CLI as a person runs it: `npm run seed -- --clips N` (db/seed/cli.ts). */
export function seed(env: Record<string, string>, clips: number): void {
  const result = spawnSync("npm", ["run", "seed", "--", "--clips", String(clips)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  if (result.status !== 0) throw new Error(`npm run seed failed (${result.status})`);
}

export interface AppServer {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** The production server (server/main.ts, NODE_ENV=production) on a free loopback port. */
export async function startApp(env: Record<string, string>, options: { cpuProfDir?: string } = {}): Promise<AppServer> {
  if (options.cpuProfDir) mkdirSync(options.cpuProfDir, { recursive: true });
  const server = await startServerProcess({
    env: {
      // The bench signs its flame-toggling users in from one address.
      SIGN_IN_LIMIT_PER_IP: "100000",
      JOB_WORKERS: "0",
      ...env,
    },
    nodeArgs: options.cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", options.cpuProfDir] : [],
    healthTimeoutMs: 600_000,
    keepOutput: 20_000,
  });
  return {
    url: server.url,
    pid: server.child.pid!,
    output: server.output,
    stop: async () => void (await server.stop()),
  };
}

/**
 * Signs `email` in the way a person does, through the server: the sign-in form, then the link from the
 * dev mailbox (loopback only). Returns the session cookie as `name=value`.
 */
export async function signIn(server: string, email: string, localAddress: string): Promise<string> {
  // Better Auth sets its cookie for the public origin (http://localhost:PORT).
  const origin = server.replace("127.0.0.1", "localhost");
  const form = new URLSearchParams({ email });
  const sent = await fetch(`${server}/auth/sign-in`, {
    method: "POST",
    // React Router refuses a form post whose Origin is not the Host it was sent to.
    headers: { origin: server, "content-type": "application/x-www-form-urlencoded", cookie: "age_verified=true" },
    body: form,
    redirect: "manual",
  });
  if (sent.status >= 400) throw new Error(`sign-in for ${email} answered ${sent.status}: ${(await sent.text()).slice(0, 300)}`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${server}/dev/mailbox.json`)).json()) as { to: string; link: string | null }[];
    const link = mails.find((m) => m.to === email && m.link?.includes("magic-link"))?.link;
    if (link) {
      // Each user opens their link from their own loopback address, as people do from their own machines:
      // Better Auth limits how often one address may open links.
      // With the cookie the sign-in form set: the link signs in at once only in the browser that asked for it (ADR 113).
      const binding = sent.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .join("; ");
      const opened = await getFrom(link.replace(origin, server), localAddress, binding);
      const cookie = opened.setCookie.find((c) => c.includes("session_token="));
      if (!cookie) throw new Error(`the sign-in link for ${email} set no session cookie (${opened.status})`);
      return cookie.split(";")[0]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in link for ${email}`);
}

function getFrom(url: string, localAddress: string, cookie: string): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end();
  });
}
