import { z } from "zod";
import { optionalText, requiredLine, webUrl } from "./fields";

/** SPEC 3 'Fixed lists': the submit form's own categories (DESIGN 5). */
export const SUBMIT_CATEGORIES = ["Cosplay", "Fetish", "BDSM", "Amateur", "Professional", "Lingerie", "Nudes", "Couples", "Solo", "Toys", "Role-play"] as const;

/** SPEC 5 'Submit-content form'. */
export const submitSchema = z.object({
  creatorName: requiredLine("errors.creatorNameShort", 2),
  category: z.preprocess((value) => value ?? "", z.enum(SUBMIT_CATEGORIES, "errors.categoryRequired")),
  tags: requiredLine("errors.tagsRequired", 3),
  imageOrVideoLink: webUrl(),
  salesProfileLink: webUrl(),
  socialLinks: optionalText(),
});
export type SubmitInput = z.output<typeof submitSchema>;
