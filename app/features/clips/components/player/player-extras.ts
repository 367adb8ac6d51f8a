// What the player needs only after hydration, in one chunk: the rendition choice, the throughput timing and the
// settings panel (ADR 155).
export { pickRendition } from "./rendition-picker";
export { default as SettingsPanel } from "./settings-panel";
