import { z } from "zod";
import { email, optionalPhone, webUrl } from "./fields";

/** The partnership form ('Promote my Content'). */
export const partnershipSchema = z.object({
  salesPlatformUrl: webUrl(),
  socialNetworkUrl: webUrl(),
  email: email(),
  phone: optionalPhone(),
});
export type PartnershipInput = z.output<typeof partnershipSchema>;
