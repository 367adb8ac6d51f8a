import { z } from "zod";
import { optionalEmail, optionalText, requiredLine, webUrl } from "./fields";
import { checkChosenFile } from "./upload-rules";

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** The submit form's own categories (docs/product.md §9.2; not the browse categories of ADR 016). */
export const SUBMIT_CATEGORIES = [
  "Cosplay",
  "Fetish",
  "BDSM",
  "Amateur",
  "Professional",
  "Lingerie",
  "Nudes",
  "Couples",
  "Solo",
  "Toys",
  "Role-play",
] as const;

/** The submit-content form (docs/product.md §13.3). */
export const submitSchema = z.object({
  creatorName: requiredLine("errors.creatorNameShort", 2),
  category: z.preprocess((value) => value ?? "", z.enum(SUBMIT_CATEGORIES, "errors.categoryRequired")),
  tags: requiredLine("errors.tagsRequired", 3),
  imageOrVideoLink: webUrl(),
  salesProfileLink: webUrl(),
  socialLinks: optionalText(),
  /** Optional: where the outcome is sent (a signed-in sender's account address otherwise). */
  email: optionalEmail(),
  /**
   * The optional file (docs/product.md §9.3, ADR 008). In the browser this judges what the file
   * claims to be; the server sees no File here and judges the bytes instead
   * (submission-upload.server.ts).
   */
  upload: z
    .unknown()
    .superRefine((file, ctx) => {
      const error = isFile(file) ? checkChosenFile(file) : null;
      if (error) ctx.addIssue({ code: "custom", message: error });
    })
    .optional(),
});
export type SubmitInput = z.output<typeof submitSchema>;
