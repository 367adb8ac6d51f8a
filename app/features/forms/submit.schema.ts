import { z } from "zod";
import { optionalEmail, optionalText, requiredLine, webUrl } from "./fields";
import { checkChosenFile } from "./upload-rules";

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** SPEC 3 'Fixed lists': the submit form's own categories (DESIGN 5). */
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

/** SPEC 5 'Submit-content form'. */
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
   * The optional file (DESIGN 14). In the browser this judges what the file
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
