export * from "./catalog";
export * from "./auth";
export * from "./flames";
export * from "./accounts";
export * from "./forms";
export * from "./moderation";
export * from "./limits";
