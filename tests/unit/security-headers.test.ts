import { describe, expect, it } from "vitest";
import { cspNonce, freshNonce, securityHeaders } from "../../server/security";

// helmet's headers are worked out once (server/security.ts); each response still gets its own nonce.

function headersOf(options: Parameters<typeof securityHeaders>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    locals: {} as { cspNonce: string },
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
  };
  const req = {};
  cspNonce(req as never, res as never, () => undefined);
  securityHeaders(options)(req as never, res as never, () => undefined);
  return { ...headers, nonce: res.locals.cspNonce };
}

describe("security headers", () => {
  it("puts each response's own nonce in its script-src", () => {
    const first = headersOf({ https: false });
    const second = headersOf({ https: false });
    expect(first.nonce).not.toBe(second.nonce);
    for (const headers of [first, second]) {
      expect(headers["content-security-policy"]).toContain(`script-src 'self' 'nonce-${headers.nonce}';`);
    }
  });

  it("sends the policy helmet was configured with", () => {
    const headers = headersOf({ https: true, adScriptUrl: "https://ads.example/tag.js" });
    expect(headers["content-security-policy"]).toBe(
      `default-src 'self';script-src 'self' 'nonce-${headers.nonce}' https://ads.example;style-src 'self' 'unsafe-inline';` +
        "img-src 'self' data: blob: https://ads.example;media-src 'self' blob: https:;font-src 'self' data:;" +
        "connect-src 'self' https://ads.example;frame-src https://ads.example;frame-ancestors 'none';form-action 'self';" +
        "base-uri 'self';object-src 'none';upgrade-insecure-requests",
    );
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headersOf({ https: false })["strict-transport-security"]).toBeUndefined();
  });

  it("hands out nonces of 16 random bytes, never the same twice", () => {
    const nonces = new Set(Array.from({ length: 5_000 }, () => freshNonce()));
    expect(nonces.size).toBe(5_000);
    for (const nonce of [...nonces].slice(0, 300)) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
