import { z } from "zod";
import { CLAIM_POSITIONS, REMOVAL_BASES } from "./positions";
import { email, optionalLine, optionalPhone, optionalText, webUrl } from "./fields";

const checked = () => z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/**
 * The claim form. Choosing removal makes it a removal notice, which must carry what the law asks
 * of one — the TAKE IT DOWN Act: the content identified (its link, and what it shows), a
 * good-faith statement that it was published without consent, the requester's name as signature
 * and a way to reach them (the e-mail); a copyright notice (DMCA 512(c)(3)) adds the work infringed,
 * a postal address and phone, and a statement, under penalty of perjury, that the notice is
 * accurate and the requester may act for the owner. A partnership claim may fill them in too.
 */
export const claimSchema = z
  .object({
    contentUrl: webUrl("errors.contentUrlRequired"),
    email: email(),
    phone: optionalPhone(),
    position: z.preprocess((value) => value ?? "", z.enum(CLAIM_POSITIONS, "errors.positionRequired")),
    basis: z.preprocess(
      (value) => (value === "" || value == null ? null : value),
      z.enum(REMOVAL_BASES, "errors.basisRequired").nullable(),
    ),
    signature: optionalLine(),
    goodFaith: checked(),
    details: optionalText(),
    copyrightWork: optionalText(),
    address: optionalText(),
    accuracy: checked(),
  })
  .superRefine((claim, ctx) => {
    for (const [path, message] of missingNoticeElements(claim)) ctx.addIssue({ code: "custom", path: [path], message });
  });
export type ClaimInput = z.output<typeof claimSchema>;

type NoticeFields = Partial<
  Pick<ClaimInput, "position" | "basis" | "signature" | "goodFaith" | "details" | "copyrightWork" | "address" | "accuracy" | "phone">
>;

/**
 * The elements a removal notice lacks, as [field, message key]. Empty for a complete notice (and
 * for a partnership claim, where they are optional). The admin's "notice complete" reads it too.
 */
export function missingNoticeElements(claim: NoticeFields): [string, string][] {
  if (claim.position !== "removal") return [];
  const missing: [string, string][] = [];
  if (!claim.basis) missing.push(["basis", "errors.basisRequired"]);
  if (!claim.signature || claim.signature.length < 3) missing.push(["signature", "errors.signatureRequired"]);
  if (!claim.goodFaith) missing.push(["goodFaith", claim.basis === "copyright" ? "errors.goodFaithCopyright" : "errors.goodFaithConsent"]);
  if (claim.basis === "consent" && !claim.details) missing.push(["details", "errors.detailsRequired"]);
  if (claim.basis === "copyright") {
    if (!claim.copyrightWork) missing.push(["copyrightWork", "errors.copyrightWorkRequired"]);
    if (!claim.address) missing.push(["address", "errors.addressRequired"]);
    if (!claim.phone) missing.push(["phone", "errors.phoneRequiredCopyright"]);
    if (!claim.accuracy) missing.push(["accuracy", "errors.accuracyRequired"]);
  }
  return missing;
}
