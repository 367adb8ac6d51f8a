import { z } from "zod";
import { CLAIM_POSITIONS } from "./positions";
import { email, optionalPhone, webUrl } from "./fields";

export const claimSchema = z.object({
  contentUrl: webUrl("errors.contentUrlRequired"),
  email: email(),
  phone: optionalPhone(),
  position: z.preprocess((value) => value ?? "", z.enum(CLAIM_POSITIONS, "errors.positionRequired")),
});
export type ClaimInput = z.output<typeof claimSchema>;
