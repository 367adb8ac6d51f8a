// The age gate's public entry: the key its self-declaration is remembered under.
export { AGE_VERIFIED_KEY } from "./age-assurance";
