import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

/** What one case answered: the ceiling server sends these very bytes back for it. */
export interface CapturedResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

// The ceiling: a bare node:http server, one process like the app, that answers each case's path with the
// bytes the app answered it with, read once into memory. Nothing is computed per request.
const CEILING_SOURCE = `
const http = require("node:http");
const fs = require("node:fs");
const cases = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const bodies = new Map(Object.entries(cases).map(([name, c]) => [name, { ...c, body: Buffer.from(c.body, "base64") }]));
const server = http.createServer((req, res) => {
  const c = bodies.get(req.url.slice(1).split("?")[0]);
  if (!c) { res.writeHead(404); return res.end(); }
  req.resume();
  res.writeHead(c.status, { "content-type": c.contentType, "content-length": c.body.length });
  res.end(c.body);
});
server.keepAliveTimeout = 65000;
server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;

export interface Ceiling {
  url: (caseName: string) => string;
  pid: number;
  stop: () => void;
}

export async function startCeiling(dir: string, cases: Record<string, CapturedResponse>): Promise<Ceiling> {
  const file = path.join(dir, "ceiling-cases.json");
  const json: Record<string, { status: number; contentType: string; body: string }> = {};
  for (const [name, c] of Object.entries(cases))
    json[name] = { status: c.status, contentType: c.contentType, body: c.body.toString("base64") };
  writeFileSync(file, JSON.stringify(json));
  const child: ChildProcess = spawn(process.execPath, ["-e", CEILING_SOURCE, file], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: (name) => `http://127.0.0.1:${port}/${name}`, pid: child.pid!, stop: () => void child.kill("SIGTERM") };
}
