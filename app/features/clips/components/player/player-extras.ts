// What the player needs only after hydration, in one chunk: the rendition choice, the throughput timing, the
// settings panel (ADR 155) and when the CC button's code loads (ADR 205).
export {
  CAPTIONS_BUTTON_ATTRIBUTE,
  CAPTIONS_CHOICE_KEY,
  captionsWanted,
  clickToActOn,
  isOwnEarlyClick,
  takeEarlyClick,
} from "./captions-wanted";
export { pickRendition } from "./rendition-picker";
export { default as SettingsPanel } from "./settings-panel";
