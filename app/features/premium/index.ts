// Premium's public entry for the browser: the beta promotion.
export { ACTIVATE_PATH, BETA_DAYS, BETA_PROMO_CODE } from "./promo";
