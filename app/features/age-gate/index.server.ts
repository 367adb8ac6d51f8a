// The age gate's server entry: reading a visitor's self-declaration from the request.
export { AGE_VERIFIED_KEY, selfDeclaration } from "./age-assurance";
