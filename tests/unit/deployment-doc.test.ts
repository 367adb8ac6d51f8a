import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";

const DOC = readFileSync("docs/deployment.md", "utf8");

/** Every `NAME=value` the page tells operators to set: inline code, and lines of its code blocks. */
function examples(text: string): Array<[name: string, value: string]> {
  const inline = [...text.matchAll(/`([A-Z][A-Z0-9_]*)=([^`]*)`/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  const blocks = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].flatMap((m) =>
    [...m[1]!.matchAll(/^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=(\S*)/gm)].map((line) => [line[1]!, line[2]!] as [string, string]),
  );
  return [...inline, ...blocks];
}

describe("docs/deployment.md gives only values the server accepts", () => {
  it("names some settings", () => {
    expect(examples(DOC).length).toBeGreaterThan(0);
  });

  it.each(examples(DOC))("%s=%s is accepted at boot", (name, value) => {
    expect(() => parseEnv({ [name]: value })).not.toThrow();
  });
});
