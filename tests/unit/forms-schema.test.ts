import { describe, expect, it } from "vitest";
import enForms from "~/locales/en/forms.json";
import esForms from "~/locales/es/forms.json";
import { claimSchema } from "~/features/forms/claim.schema";
import { contactSchema } from "~/features/forms/contact.schema";
import { formValues, validate } from "~/features/forms/fields";
import { partnershipSchema } from "~/features/forms/partnership.schema";
import { reportSchema } from "~/features/forms/report.schema";
import { LINE_MAX, sanitizeLine, sanitizeText, TEXT_MAX } from "~/features/forms/sanitize";
import { SUBMIT_CATEGORIES, submitSchema } from "~/features/forms/submit.schema";

const submission = {
  creatorName: "Ava Night",
  category: "Cosplay",
  tags: "blonde, cosplay",
  imageOrVideoLink: "https://example.com/clip.mp4",
  salesProfileLink: "https://fans.example/ava",
  socialLinks: "",
};

const errorsOf = (schema: Parameters<typeof validate>[0], values: Record<string, unknown>) => {
  const result = validate(schema, values);
  return result.ok ? {} : result.errors;
};

describe("sanitising (docs/product.md §13.1)", () => {
  it("removes < > \" ' and trims", () => {
    expect(sanitizeLine(`  <b>"Ava's"</b>  `)).toBe("bAvas/b");
    expect(sanitizeText(" a\n<b> ")).toBe("a\nb");
  });
  it("caps single-line fields at 255 characters and joins lines", () => {
    expect(sanitizeLine("x".repeat(400))).toHaveLength(LINE_MAX);
    expect(sanitizeLine("a\r\nb")).toBe("a b");
  });
  it("removes NUL and other control characters, which PostgreSQL cannot store (found by the fuzzer)", () => {
    expect(sanitizeText("a\u0000b\u0007c\u007f\td\ne")).toBe("abc\td\ne");
    expect(sanitizeLine("\u0000Ava\u0000 Lee\u001b")).toBe("Ava Lee");
  });
  it("treats anything but a string as empty", () => {
    expect(sanitizeLine(undefined)).toBe("");
    expect(sanitizeText(42)).toBe("");
  });
});

describe("submit schema (docs/product.md §13.3)", () => {
  it("accepts a valid submission and sanitises it", () => {
    const result = validate(submitSchema, {
      ...submission,
      creatorName: " <Ava> ",
      socialLinks: "X: https://x.com/ava\nIG: https://instagram.com/ava",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { creatorName: "Ava", socialLinks: "X: https://x.com/ava\nIG: https://instagram.com/ava" },
    });
    expect(validate(submitSchema, submission)).toMatchObject({ ok: true, data: { socialLinks: null } });
  });
  it("offers the 11 fixed categories", () => {
    expect(SUBMIT_CATEGORIES).toHaveLength(11);
  });
  it("answers each rule with its message key", () => {
    expect(errorsOf(submitSchema, { ...submission, creatorName: "A" })).toEqual({ creatorName: "errors.creatorNameShort" });
    // Sanitising runs first: "<>A" is one character.
    expect(errorsOf(submitSchema, { ...submission, creatorName: "<>A" })).toEqual({ creatorName: "errors.creatorNameShort" });
    expect(errorsOf(submitSchema, { ...submission, category: "" })).toEqual({ category: "errors.categoryRequired" });
    expect(errorsOf(submitSchema, { ...submission, category: "Sports" })).toEqual({ category: "errors.categoryRequired" });
    expect(errorsOf(submitSchema, { ...submission, tags: "ab" })).toEqual({ tags: "errors.tagsRequired" });
    expect(errorsOf(submitSchema, { ...submission, imageOrVideoLink: "not a url" })).toEqual({ imageOrVideoLink: "errors.urlInvalid" });
    expect(errorsOf(submitSchema, { ...submission, salesProfileLink: "javascript:alert(1)" })).toEqual({
      salesProfileLink: "errors.urlInvalid",
    });
    expect(errorsOf(submitSchema, { ...submission, socialLinks: "x".repeat(TEXT_MAX + 1) })).toEqual({ socialLinks: "errors.tooLong" });
  });
  it("reports every missing field at once", () => {
    expect(Object.keys(errorsOf(submitSchema, {})).sort()).toEqual([
      "category",
      "creatorName",
      "imageOrVideoLink",
      "salesProfileLink",
      "tags",
    ]);
  });
});

describe("report schema", () => {
  it("needs a content URL and a description", () => {
    expect(errorsOf(reportSchema, {})).toEqual({ contentUrl: "errors.contentUrlRequired", description: "errors.descriptionRequired" });
    expect(errorsOf(reportSchema, { contentUrl: "nope", description: "x" })).toEqual({ contentUrl: "errors.urlInvalid" });
  });
  it("keeps long descriptions whole up to the limit, and refuses longer ones", () => {
    const long = "y".repeat(TEXT_MAX);
    expect(validate(reportSchema, { contentUrl: "http://localhost:3000/video/abc", description: long })).toMatchObject({
      ok: true,
      data: { description: long },
    });
    expect(errorsOf(reportSchema, { contentUrl: "http://localhost:3000/video/abc", description: `${long}y` })).toEqual({
      description: "errors.tooLong",
    });
  });
});

describe("claim schema", () => {
  const notice = { basis: "consent", signature: "Ava Example", goodFaith: "on", details: "It shows me without my consent." };
  const claim = { contentUrl: "https://example.com/video/abc", email: "ava@example.com", phone: "", position: "removal", ...notice };
  it("accepts a claim with an optional phone", () => {
    expect(validate(claimSchema, claim)).toMatchObject({ ok: true, data: { phone: null, position: "removal" } });
    expect(validate(claimSchema, { ...claim, phone: "+1 (555) 010-2030" })).toMatchObject({
      ok: true,
      data: { phone: "+1 (555) 010-2030" },
    });
  });
  it("needs a position, an e-mail and a plausible phone", () => {
    expect(errorsOf(claimSchema, { ...claim, position: undefined })).toEqual({ position: "errors.positionRequired" });
    expect(errorsOf(claimSchema, { ...claim, position: "other" })).toEqual({ position: "errors.positionRequired" });
    expect(errorsOf(claimSchema, { ...claim, email: "ava" })).toEqual({ email: "errors.emailInvalid" });
    expect(errorsOf(claimSchema, { ...claim, phone: "call me" })).toEqual({ phone: "errors.phoneInvalid" });
    expect(errorsOf(claimSchema, { ...claim, phone: "1".repeat(31) })).toEqual({ phone: "errors.phoneInvalid" });
  });
  it("asks a removal notice for every element the law names, and a partnership claim for none", () => {
    const bare = { contentUrl: claim.contentUrl, email: claim.email, position: "removal" };
    expect(errorsOf(claimSchema, bare)).toEqual({
      basis: "errors.basisRequired",
      signature: "errors.signatureRequired",
      goodFaith: "errors.goodFaithConsent",
    });
    expect(errorsOf(claimSchema, { ...claim, basis: "copyright" })).toEqual({
      copyrightWork: "errors.copyrightWorkRequired",
      address: "errors.addressRequired",
      phone: "errors.phoneRequiredCopyright",
      accuracy: "errors.accuracyRequired",
    });
    expect(validate(claimSchema, { ...bare, position: "partnership" })).toMatchObject({
      ok: true,
      data: { basis: null, goodFaith: false },
    });
    expect(errorsOf(claimSchema, { ...bare, basis: "other" })).toMatchObject({ basis: "errors.basisRequired" });
  });
});

describe("contact schema", () => {
  it("needs name, e-mail, subject and message", () => {
    expect(errorsOf(contactSchema, { name: " ", email: "", subject: "", message: "" })).toEqual({
      name: "errors.nameRequired",
      email: "errors.emailInvalid",
      subject: "errors.subjectRequired",
      message: "errors.messageRequired",
    });
    expect(validate(contactSchema, { name: "Ava", email: "ava@example.com", subject: "Hi", message: "Hello\nthere" })).toMatchObject({
      ok: true,
    });
  });
});

describe("partnership schema", () => {
  it("needs both URLs and an e-mail; the phone is optional", () => {
    expect(errorsOf(partnershipSchema, {})).toEqual({
      salesPlatformUrl: "errors.urlInvalid",
      socialNetworkUrl: "errors.urlInvalid",
      email: "errors.emailInvalid",
    });
    expect(
      validate(partnershipSchema, {
        salesPlatformUrl: "https://fans.example/ava",
        socialNetworkUrl: "https://x.com/ava",
        email: "ava@example.com",
      }),
    ).toMatchObject({
      ok: true,
      data: { phone: null },
    });
  });
});

describe("form plumbing", () => {
  it("reads string fields and skips internal ones", () => {
    const form = new FormData();
    form.set("name", "Ava");
    form.set("_js", "1");
    expect(formValues(form)).toEqual({ name: "Ava" });
  });
  it("has a message in both languages for every key a schema can answer", () => {
    const keys = [
      "creatorNameShort",
      "categoryRequired",
      "tagsRequired",
      "urlInvalid",
      "contentUrlRequired",
      "descriptionRequired",
      "emailInvalid",
      "phoneInvalid",
      "positionRequired",
      "nameRequired",
      "subjectRequired",
      "messageRequired",
      "tooLong",
      "rateLimited",
    ];
    for (const key of keys) {
      expect(enForms.errors).toHaveProperty(key);
      expect(esForms.errors).toHaveProperty(key);
    }
    expect(enForms.errors.creatorNameShort).toBe("Creator name must be at least 2 characters");
    expect(enForms.submit.success).toBe("Content submitted for review!");
  });
});
