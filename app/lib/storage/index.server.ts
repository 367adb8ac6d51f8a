import { createLocalStorage } from "./local.server";
import { createS3Storage, type S3Config } from "./s3.server";
import type { Storage } from "./storage.server";

export * from "./storage.server";
export { createLocalStorage } from "./local.server";
export { createS3Storage, type S3Config } from "./s3.server";

export type StorageConfig = { kind: "local"; rootDir: string } | ({ kind: "s3" } & S3Config);

export function createStorage(config: StorageConfig): Storage {
  switch (config.kind) {
    case "local":
      return createLocalStorage(config.rootDir);
    case "s3": {
      const { kind: _kind, ...s3 } = config;
      return createS3Storage(s3);
    }
  }
}
export { copyObject } from "./copy.server";
