import { z } from "zod";
import { email, optionalPhone, webUrl } from "./fields";

/** The partnership form ('Promote my Content'). */
export const promoteSchema = z.object({
  salesPlatformUrl: webUrl(),
  socialNetworkUrl: webUrl(),
  email: email(),
  phone: optionalPhone(),
});
export type PromoteInput = z.output<typeof promoteSchema>;
