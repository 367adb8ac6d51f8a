import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { withTestApp, type TestApp } from "../support/app";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { rawRequest } from "../support/raw-request";
import { signInOverHttp } from "../support/http-visitors";

/** The whole answer to bytes written straight on a socket (an HTTP/1.0 request without Host). */
function rawSocket(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes its side may lose an answer that takes a moment.
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** Bad input from a client is its error (a translated 4xx), never the server's (500 and an error log with a stack). */
describe(`client errors answer 4xx on ${testEngine()}`, () => {
  let app: TestApp;
  withTestApp((made: { handle: DatabaseHandle; app: TestApp }) => ({ app } = made), { env: { SIGN_IN_LIMIT_PER_IP: 100 } });

  it("a malformed percent-escape in the path is a translated 400 before any route", { timeout: 120_000 }, async () => {
    for (const path of ["/video/%E0%A4%A", "/creator/%ff", "/tag/%", "/admin/%E0", "/%", "/api/feed/%zz", "/video/%E0%A4%A.data"]) {
      const res = await rawRequest(`${app.url}${path}`, { headers: { host: new URL(app.url).host, "accept-language": "es" } });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toContain(message("common", "errors.malformedAddress", "es"));
    }
  });

  it("a form past its per-address limit is a translated 429", { timeout: 120_000 }, async () => {
    const post = () =>
      fetch(`${app.url}/promote-content`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: "age_verified=true", "accept-language": "en" },
        body: new URLSearchParams({
          salesPlatformUrl: "https://fans.example/a",
          socialNetworkUrl: "https://x.com/a",
          email: "a@example.com",
        }),
        redirect: "manual",
      });
    // The default FORM_LIMIT_PER_IP: 5 records per form and address in 10 minutes.
    for (let i = 0; i < 5; i++) expect((await post()).status).toBeLessThan(400);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many submissions from your connection");
  });

  it("an HTTP/1.0 request without a Host header is a 400", { timeout: 120_000 }, async () => {
    for (const path of ["/", "/video/x", "/api/feed", "/auth/sign-in"]) {
      const answer = await rawSocket(app.url, `GET ${path} HTTP/1.0\r\nAccept-Language: en\r\n\r\n`);
      expect(answer.split("\r\n")[0], path).toMatch(/^HTTP\/1\.[01] 400 /);
      expect(answer).toContain(message("common", "errors.hostMissing"));
    }
  });

  it("a usage session that starts before the timer could have run is a translated 400, nothing stored", { timeout: 120_000 }, async () => {
    const cookie = await signInOverHttp(app.url, "dates@example.com");
    for (const startedAt of ["-100000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", new Date(Date.now() - 30 * 86_400_000).toISOString()]) {
      const res = await fetch(`${app.url}/api/usage`, {
        method: "POST",
        headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ seconds: "10", startedAt }),
      });
      expect(res.status, startedAt).toBe(400);
      expect(((await res.json()) as { errors: { form: string } }).errors.form).toBe(message("conscious", "errors.startedAt"));
    }
    const list = (await (await fetch(`${app.url}/api/usage`, { headers: { cookie } })).json()) as unknown[] | { sessions: unknown[] };
    expect(Array.isArray(list) ? list : list.sessions).toHaveLength(0);
  });
});
