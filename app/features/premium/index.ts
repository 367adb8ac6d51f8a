// Premium's public entry for the browser: the beta promotion, the activation form and the benefits list.
export { ACTIVATE_PATH, BETA_DAYS, BETA_PROMO_CODE, SUCCESS_PATH } from "./promo";
export { ActivationForm, ActivationSuccess } from "./components/activation-form";
export { goPremiumUrl, mainSiteUrl } from "./go-premium";
export { PremiumBenefits } from "./components/premium-benefits";
