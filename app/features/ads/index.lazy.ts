// The ads feature's entry: the ad network's frame, which the root loads a second after hydration (ADR 060, ADR 128).
export { AdFrame } from "./ad-frame";
