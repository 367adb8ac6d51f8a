/** The beta promo code (docs/product.md §11.7, ADR 019): accepted in any case, gives 30 days. */
export const BETA_PROMO_CODE = "userbeta";
export const BETA_PLAN = "beta";
export const BETA_DAYS = 30;
/** docs/product.md §11.7: the activation page moves on to the success page after 2000 ms. */
export const ACTIVATION_REDIRECT_MS = 2000;
export const ACTIVATE_PATH = "/ativar";
export const SUCCESS_PATH = `/premium-success?activated=true&plan=${BETA_PLAN}`;

export const isBetaCode = (code: string) => code.trim().toLowerCase() === BETA_PROMO_CODE;
