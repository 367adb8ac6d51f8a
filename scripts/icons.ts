// Renders the app icons of both brands (public/icons/*.png and *.ico, answered at /favicon.ico by server/icons.ts) from the SVG drawings below with
// Chromium, so they can be regenerated when a drawing changes: `node --import tsx scripts/icons.ts`.
// The companion brand's icons show its own calm mark only (docs/decisions/141-installable-per-brand.md).
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const FLAME = "M12 2c1 4-3 6-3 10a3 3 0 0 0 6 0c0-2-1-3-1-5 3 2 5 5 5 8a7 7 0 0 1-14 0c0-6 5-8 7-13z";
const BRANDS = {
  adult: {
    background: "#0b0a10",
    glyph: (scale: number) =>
      `<g transform="translate(${12 - 12 * scale} ${12 - 12 * scale}) scale(${scale})"><path fill="#ff4d2e" d="${FLAME}"/></g>`,
  },
  conscious: {
    background: "#0d1614",
    glyph: (scale: number) =>
      `<g transform="translate(${12 - 12 * scale} ${12 - 12 * scale}) scale(${scale})" fill="none" stroke="#8fe3c7" stroke-width="2"><circle cx="12" cy="12" r="9"/><path d="M8 12a4 4 0 0 0 8 0" stroke-linecap="round"/></g>`,
  },
} as const;

/** `any`: rounded square with the mark at 80 %; `maskable`: full bleed with the mark inside the 60 % safe zone. */
function svg(brand: keyof typeof BRANDS, purpose: "any" | "maskable"): string {
  const { background, glyph } = BRANDS[brand];
  const rx = purpose === "any" ? 5 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="${rx}" fill="${background}"/>${glyph(purpose === "any" ? 0.8 : 0.6)}</svg>`;
}

/** A .ico holding PNG images (Windows Vista and every browser since read PNG entries). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox"],
});
const page = await browser.newPage();
async function png(markup: string, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${markup.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

for (const brand of Object.keys(BRANDS) as (keyof typeof BRANDS)[]) {
  for (const size of [192, 512]) writeFileSync(`public/icons/${brand}-${size}.png`, await png(svg(brand, "any"), size));
  writeFileSync(`public/icons/${brand}-maskable-512.png`, await png(svg(brand, "maskable"), 512));
  // Apple draws its own rounded corners over a full square.
  writeFileSync(`public/icons/${brand}-apple-touch-180.png`, await png(svg(brand, "maskable").replace("scale(0.6)", "scale(0.75)"), 180));
  const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg(brand, "any"), size) })));
  writeFileSync(`public/icons/${brand}.ico`, ico(small));
}
await browser.close();
