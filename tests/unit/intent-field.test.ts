import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidFields } from "~/lib/http/errors";
import { intentField } from "~/lib/http/intent";

const form = z.object({ intent: intentField(["keep", "drop"], "errors.unknownAction"), note: z.string().min(1, "errors.noteRequired") });

const refusal = (values: Record<string, string>) => {
  const parsed = form.safeParse(values);
  return parsed.success ? null : InvalidFields.fromIssues(parsed.error.issues).fields;
};

describe("a page's intent field", () => {
  it("admits the page's intents and narrows to them", () => {
    const parsed = form.parse({ intent: "drop", note: "x" });
    const intent: "keep" | "drop" = parsed.intent;
    expect(intent).toBe("drop");
  });

  it("refuses any other intent, or none, as the form's message, and still names the other fields", () => {
    expect(refusal({ intent: "nothing", note: "x" })).toEqual({ form: "errors.unknownAction" });
    expect(refusal({ note: "x" })).toEqual({ form: "errors.unknownAction" });
    expect(refusal({ intent: "keep", note: "" })).toEqual({ note: "errors.noteRequired" });
  });
});
