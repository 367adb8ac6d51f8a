import { z } from "zod";
import { email, requiredLine, requiredText } from "./fields";

export const contactSchema = z.object({
  name: requiredLine("errors.nameRequired"),
  email: email(),
  subject: requiredLine("errors.subjectRequired"),
  message: requiredText("errors.messageRequired"),
});
export type ContactInput = z.output<typeof contactSchema>;
