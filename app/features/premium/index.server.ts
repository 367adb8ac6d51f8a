// Premium's server entry: a profile with its premium state, activation, and the premium pages' data.
export { activatePremium, readProfile } from "./premium.server";
export { premiumPageBasics } from "./premium-page.server";
