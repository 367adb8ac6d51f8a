import { z } from "zod";
import { optionalEmail, requiredText, webUrl } from "./fields";

export const reportSchema = z.object({
  contentUrl: webUrl("errors.contentUrlRequired"),
  description: requiredText("errors.descriptionRequired"),
  /** Optional: the reporter hears the outcome there. */
  email: optionalEmail(),
});
export type ReportInput = z.output<typeof reportSchema>;
