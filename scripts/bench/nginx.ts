import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, waitFor } from "../support/server-process";

export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

export interface Nginx {
  url: string;
  stop: () => void;
}

/**
 * nginx as a child (daemon off) with its own prefix and config, serving `rootDir` with sendfile:
 * the reference for /media. Null when nginx is not installed.
 */
export async function startNginx(workDir: string, rootDir: string): Promise<Nginx | null> {
  if (!existsSync(NGINX_BIN)) return null;
  const prefix = path.join(workDir, "nginx");
  for (const dir of ["logs", "tmp"]) mkdirSync(path.join(prefix, dir), { recursive: true });
  const port = await freePort();
  const tmp = path.join(prefix, "tmp");
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${path.join(prefix, "nginx.pid")};
error_log ${path.join(prefix, "logs", "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  keepalive_timeout 65s;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  types { video/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    location /media/ { alias ${rootDir}/; }
  }
}
`,
  );
  const child = spawn(NGINX_BIN, ["-p", prefix, "-c", conf], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/media/`, { method: "HEAD" }).catch(() => null)) !== null, 10_000, "nginx");
  return { url, stop: () => void child.kill("SIGTERM") };
}
