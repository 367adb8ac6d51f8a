import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, root, waitFor } from "./server-process";

// nginx as a child process (daemon off, its own prefix), for the bench and the offload test. The media offload's
// server block is read from docs/deployment.md itself, so what runs here is what operators are told to run.

/**
 * The nginx binary: NGINX_BIN, else `nginx` on PATH, else where Debian and the source build put it (/usr/sbin is not
 * on every user's PATH). Null when none is there.
 */
export function findNginx(): string | null {
  const candidates = [
    ...(process.env.NGINX_BIN ? [process.env.NGINX_BIN] : []),
    ...(process.env.PATH ?? "")
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, "nginx")),
    "/usr/sbin/nginx",
    "/usr/local/sbin/nginx",
    "/usr/local/nginx/sbin/nginx",
  ];
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not this one
    }
  }
  return null;
}

/** What the documented block names, replaced by the running instance's values. */
export const DOCUMENTED = {
  app: "127.0.0.1:3000",
  listen: "listen 80;",
  mediaDir: "/srv/spicy-clips/data/media/",
} as const;

const HEADING = "## Media: nginx sends the files";

/**
 * The server configuration docs/deployment.md gives for the media offload (its first `nginx` block after the
 * heading), pointed at `app` (host:port), listening on `port` of the loopback and sending files from `mediaDir`.
 */
export function documentedOffloadConfig(options: { app: string; port: number; mediaDir: string }): string {
  const doc = readFileSync(path.join(root, "docs/deployment.md"), "utf8");
  const section = doc.slice(doc.indexOf(HEADING));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!section.startsWith(HEADING) || !block) throw new Error(`docs/deployment.md has no nginx block under "${HEADING}"`);
  for (const placeholder of Object.values(DOCUMENTED))
    if (!block.includes(placeholder)) throw new Error(`the documented nginx block no longer names ${placeholder}`);
  return block
    .replaceAll(DOCUMENTED.app, options.app)
    .replaceAll(DOCUMENTED.listen, `listen 127.0.0.1:${options.port};`)
    .replaceAll(DOCUMENTED.mediaDir, `${path.resolve(options.mediaDir)}/`);
}

/** nginx alone serving `mediaDir` at /media/ with sendfile: the reference the app's /media is measured against. */
export function sendfileConfig(options: { port: number; mediaDir: string }): string {
  return `server {
  listen 127.0.0.1:${options.port};
  location /media/ {
    alias ${path.resolve(options.mediaDir)}/;
    sendfile on;
    tcp_nopush on;
  }
}
`;
}

/** Debian's list, which has no `vtt`: the app names the type of what it redirects to. */
const DISTRIBUTION_TYPES = "/etc/nginx/mime.types";

export interface Nginx {
  url: string;
  port: number;
  /** The master process: its children are the workers. */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts nginx with one worker and `server(port)` as its only server block, inside an `http` block like a
 * distribution's (types, keep-alive, no access log). Null when nginx is not installed.
 */
export async function startNginx(workDir: string, server: (port: number) => string): Promise<Nginx | null> {
  const bin = findNginx();
  if (!bin) return null;
  const prefix = path.join(workDir, `nginx-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  const tmp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
${process.getuid?.() === 0 ? "user root;  # workers read the caller's temporary folders, which only their owner may open\n" : ""}
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(tmp).join("\n  ")}
  ${existsSync(DISTRIBUTION_TYPES) ? `include ${DISTRIBUTION_TYPES};` : "types { video/mp4 mp4; video/webm webm; image/jpeg jpg jpeg; image/webp webp; image/png png; }"}
  default_type application/octet-stream;
  keepalive_requests 100000;
  keepalive_timeout 65s;
${server(port)}
}
`,
  );
  const child = spawn(bin, ["-p", prefix, "-c", conf], { stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (${conf})`);
      return (await fetch(`${url}/`, { method: "HEAD" }).catch(() => null)) !== null;
    },
    10_000,
    "nginx",
  );
  return {
    url,
    port,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
