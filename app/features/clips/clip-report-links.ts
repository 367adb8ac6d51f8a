// Where "Report" and "Claim" lead for one clip: the forms open with the clip's address filled in (docs/product.md
// §9.4, §9.5; the forms read `?video=`).

export const reportHref = (slug: string) => `/report?video=${encodeURIComponent(slug)}`;
export const claimHref = (slug: string) => `/claim-this-content?video=${encodeURIComponent(slug)}`;
