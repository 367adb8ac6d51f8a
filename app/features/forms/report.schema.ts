import { z } from "zod";
import { requiredText, webUrl } from "./fields";

export const reportSchema = z.object({
  contentUrl: webUrl("errors.contentUrlRequired"),
  description: requiredText("errors.descriptionRequired"),
});
export type ReportInput = z.output<typeof reportSchema>;
