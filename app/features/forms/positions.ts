/** The claim form's 'position' (docs/product.md §9.5); the same values as the content_claims check. */
export const CLAIM_POSITIONS = ["partnership", "removal"] as const;
/** Why removal is asked (the same values as the content_claims basis check). */
export const REMOVAL_BASES = ["consent", "copyright"] as const;
