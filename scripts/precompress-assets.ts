// The browser build's hashed files, compressed once at build time (docs/decisions/240-assets-precompressed.md): the
// server sends a Brotli or gzip copy as it stands (server/precompressed-assets.ts) instead of compressing the same
// bytes again for every visitor. Used by vite.config.ts.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images, fonts and video are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
/** Below this a file fits in a packet or two either way. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `<file>.br` (Brotli, best) and `<file>.gz` (gzip level 9) beside every compressible file of `dir`. */
export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const { size, mtimeMs } = await stat(file);
        if (size < MIN_BYTES) return;
        // Compressed already by an earlier pass of this build (its copy is newer than the file): kept.
        const copy = await stat(`${file}.gz`).catch(() => null);
        if (copy && copy.mtimeMs >= mtimeMs) return;
        const bytes = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
          }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        // A copy that saves nothing is left out: the file goes as it is.
        if (br.length < size) await writeFile(`${file}.br`, br);
        if (gz.length < size) await writeFile(`${file}.gz`, gz);
        written += 1;
      }),
  );
  return written;
}

/**
 * At the end of each build `react-router build` runs (the browser's, then the server's), the browser build's
 * `assets/` folder gets the copies it lacks: whatever is written there after the first pass is compressed by the
 * second.
 */
export function precompressAssets(buildDirectory: string): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async closeBundle() {
      await precompressDirectory(path.join(buildDirectory, "client", "assets"));
    },
  };
}
