// The tests' authenticator app lives beside the scripts that also sign moderators in (the fuzzer).
export { base32Bytes, secretOf, totpCode } from "../../scripts/support/totp";
