import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// s3rver ships CommonJS without type declarations; this is the slice we use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverCtor;

/** An S3-compatible store (s3rver, keys "S3RVER") on a free loopback port, with a `media` bucket in a temporary folder. */
export async function startS3rver(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "media-s3rver-"));
  const server = new S3rver({
    port: 0, // the OS picks a free port
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "media" }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
