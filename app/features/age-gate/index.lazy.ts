// The age gate's view, which the root hydrates after the page (its server HTML works without JavaScript, ADR 128).
export { AgeGate } from "./components/age-gate";
