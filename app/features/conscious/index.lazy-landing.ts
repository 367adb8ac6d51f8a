// Conscious Mode's landing page, loaded by the home page when it shows it (see index.lazy.ts).
export { ConsciousLanding } from "./components/conscious-landing";
