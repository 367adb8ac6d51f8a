import { describe, expect, it } from "vitest";
import type { VideoRendition } from "~/features/clips/clip-card.server";
import { sharpEnoughMedia, withFirstRenditions } from "~/features/clips/components/player/first-rendition";
import { chooseRendition, MOBILE_DATA_DENSITY, type PlaybackConditions } from "~/features/clips/components/player/rendition-choice";
import { derivedFolder, ownerVideoKey, renditionKey, storyboardIndexKey } from "~/lib/storage/derived-keys";
import { storyboardLayout, storyboardVtt } from "~/features/publishing/renditions.server";

// A 1080×1920 portrait clip's ladder, in no particular order.
const ladder: VideoRendition[] = [
  { url: "/media/clips/a.mp4", width: 1080, height: 1920, kbps: 4000 },
  { url: "/media/clips/a/240p.mp4", width: 240, height: 426, kbps: 250 },
  { url: "/media/clips/a/720p.mp4", width: 720, height: 1280, kbps: 2500 },
  { url: "/media/clips/a/360p.mp4", width: 360, height: 640, kbps: 500 },
];

const phone: PlaybackConditions = { boxWidth: 390, boxHeight: 844, devicePixelRatio: 1, saveData: false, throughputKbps: null };
const desktop: PlaybackConditions = { boxWidth: 506, boxHeight: 900, devicePixelRatio: 1, saveData: false, throughputKbps: null };
const pick = (conditions: PlaybackConditions) => chooseRendition(ladder, conditions)?.url;

describe("chooseRendition", () => {
  it("gives a phone a smaller rung than a desktop", () => {
    expect(pick(phone)).toBe("/media/clips/a/360p.mp4");
    expect(pick(desktop)).toBe("/media/clips/a/720p.mp4");
    expect(pick({ ...desktop, devicePixelRatio: 2 })).toBe("/media/clips/a.mp4");
  });

  it("counts the pixel ratio up to 2", () => {
    expect(pick({ ...phone, devicePixelRatio: 2 })).toBe("/media/clips/a/720p.mp4");
    expect(pick({ ...phone, devicePixelRatio: 3 })).toBe("/media/clips/a/720p.mp4");
    expect(pick({ ...desktop, devicePixelRatio: 3 })).toBe("/media/clips/a.mp4");
  });

  it("Data saver picks the smallest, whatever the screen", () => {
    expect(pick({ ...desktop, devicePixelRatio: 2, saveData: true })).toBe("/media/clips/a/240p.mp4");
  });

  it("lowers the rung until it fits the measured throughput, never raising it above the screen's", () => {
    expect(pick({ ...desktop, devicePixelRatio: 2, throughputKbps: 1600 })).toBe("/media/clips/a/360p.mp4");
    expect(pick({ ...desktop, devicePixelRatio: 2, throughputKbps: 100 })).toBe("/media/clips/a/240p.mp4");
    expect(pick({ ...phone, throughputKbps: 100_000 })).toBe("/media/clips/a/360p.mp4");
  });

  it("a phone on mobile data, its screen counted at 1.5 pixels per point, plays the 540p rung rather than 720p", () => {
    const withPhoneRung: VideoRendition[] = [...ladder, { url: "/media/clips/a/540p.mp4", width: 540, height: 960, kbps: 1000 }];
    const onMobileData = { ...phone, devicePixelRatio: MOBILE_DATA_DENSITY };
    expect(chooseRendition(withPhoneRung, onMobileData)?.url).toBe("/media/clips/a/540p.mp4");
    // Counted at 2 (on Wi-Fi): 720p at 780 px.
    expect(chooseRendition(withPhoneRung, { ...phone, devicePixelRatio: 3 })?.url).toBe("/media/clips/a/720p.mp4");
    // Still lowered for the network, and Data saver still picks the smallest.
    expect(chooseRendition(withPhoneRung, { ...onMobileData, throughputKbps: 1000 })?.url).toBe("/media/clips/a/360p.mp4");
    expect(chooseRendition(withPhoneRung, { ...onMobileData, saveData: true })?.url).toBe("/media/clips/a/240p.mp4");
    // A clip made before the 540p rung existed: 720p, as before.
    expect(chooseRendition(ladder, onMobileData)?.url).toBe("/media/clips/a/720p.mp4");
  });

  it("takes the largest when none is sharp enough, and nothing when there are no renditions", () => {
    expect(pick({ ...desktop, boxWidth: 2000, boxHeight: 4000 })).toBe("/media/clips/a.mp4");
    expect(chooseRendition([], phone)).toBeNull();
  });

  it("the server's render starts on the rungs of at most 360p, each but the last under its media query", () => {
    const first = withFirstRenditions(ladder).filter((r) => r.first);
    expect(first.map((r) => [r.url, Boolean(r.media)])).toEqual([
      ["/media/clips/a/240p.mp4", true],
      ["/media/clips/a/360p.mp4", false],
    ]);
    expect(withFirstRenditions([ladder[0]!])).toEqual([{ ...ladder[0]!, first: true }]);
    expect(withFirstRenditions([])).toEqual([]);
  });
});

/** Evaluates the media query lists sharpEnoughMedia writes (max-resolution, max-width and max-height only). */
function matches(media: string, screen: { width: number; height: number; dpr: number }): boolean {
  return media.split(", ").some((query) =>
    query.split(" and ").every((feature) => {
      const [, name, value] = /^\((max-resolution|max-width|max-height): ([\d.]+)(?:dppx|px)\)$/.exec(feature) ?? [];
      if (!name) throw new Error(`unexpected media feature ${feature}`);
      const actual = name === "max-resolution" ? screen.dpr : name === "max-width" ? screen.width : screen.height;
      return actual <= Number(value);
    }),
  );
}

describe("the server's sources", () => {
  const screens = [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 250, height: 420 },
    { width: 180, height: 320 },
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
  ];
  it("make the browser take, before any script, the rung the player's rule picks among them", () => {
    const first = withFirstRenditions(ladder).filter((r) => r.first);
    for (const screen of screens) {
      for (const dpr of [1, 1.5, 2, 3]) {
        const box = { boxWidth: Math.min(screen.width, (screen.height * 9) / 16), boxHeight: screen.height };
        const rule = chooseRendition(first, { ...box, devicePixelRatio: dpr, saveData: false, throughputKbps: null });
        const taken = first.find((r) => !r.media || matches(r.media, { ...screen, dpr }));
        expect(taken?.url, `${screen.width}×${screen.height} at ${dpr}`).toBe(rule?.url);
      }
    }
  });

  it("ask for a rung only where it is not stretched past the tolerance", () => {
    // 240 × 426: sharp enough up to 300 px wide, or 533 px tall, at one pixel per point.
    expect(sharpEnoughMedia({ width: 240, height: 426 })).toBe(
      "(max-resolution: 1dppx) and (max-width: 300px), (max-resolution: 1dppx) and (max-height: 533px), " +
        "(max-resolution: 1.5dppx) and (max-width: 200px), (max-resolution: 1.5dppx) and (max-height: 355px), " +
        "(max-width: 150px), (max-height: 266px)",
    );
  });
});

describe("derived keys", () => {
  it("put a video's files in a folder named after it, and lead back to the video", () => {
    expect(derivedFolder("clips/clip-01.mp4")).toBe("clips/clip-01");
    expect(derivedFolder("thumbs/clip-01_thumb.jpg")).toBeNull();
    expect(renditionKey("clips/clip-01", 240)).toBe("clips/clip-01/240p.mp4");
    expect(ownerVideoKey("clips/clip-01/240p.mp4")).toBe("clips/clip-01.mp4");
    expect(ownerVideoKey(storyboardIndexKey("clips/x"))).toBe("clips/x.mp4");
    expect(ownerVideoKey("clips/clip-01/captions/es.vtt")).toBe("clips/clip-01.mp4");
    expect(ownerVideoKey("clips/clip-01.mp4")).toBeNull();
    expect(ownerVideoKey("thumbs/a/b.jpg")).toBeNull();
  });
});

describe("storyboard", () => {
  it("one frame a second for short clips, on one sheet, with a WebVTT cue per frame", () => {
    const layout = storyboardLayout({ durationSeconds: 12.5, width: 360, height: 640, hasAudio: true, videoCodec: "h264" });
    expect(layout).toEqual({ interval: 1, count: 13, columns: 10, rows: 2, tileWidth: 90, tileHeight: 160 });
    const vtt = storyboardVtt(layout, 12.5);
    expect(vtt.split("\n\n")).toHaveLength(14);
    expect(vtt).toContain("00:00:10.000 --> 00:00:11.000\nstoryboard.jpg#xywh=0,160,90,160");
    expect(vtt).toContain("00:00:12.000 --> 00:00:12.500\nstoryboard.jpg#xywh=180,160,90,160");
  });

  it("at most 100 frames for long videos", () => {
    const layout = storyboardLayout({ durationSeconds: 3600, width: 1920, height: 1080, hasAudio: false, videoCodec: "h264" });
    expect(layout.interval).toBe(36);
    expect(layout.count).toBe(100);
    expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(100);
    expect(layout.rows).toBeLessThanOrEqual(11);
  });
});
