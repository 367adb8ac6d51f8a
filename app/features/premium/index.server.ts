// Premium's server entry: a profile with its premium state.
export { readProfile } from "./premium.server";
