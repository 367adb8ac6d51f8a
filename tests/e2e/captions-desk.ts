import type { Page } from "playwright-core";
import { site } from "./sign-in";
import { hydrated, reactOwns } from "./support";

// Captions attached and removed on the moderation desk, for the files that need a clip with captions. Each file
// removes what it attached (in a `finally`): the next files' pages, the home page above all, meet no captions.

/** The home page's lead clip, as the page on `page` shows it (hydrated), with its slug from the feed's first page. */
export async function leadClip(page: Page): Promise<{ id: string; slug: string }> {
  return page.evaluate(async () => {
    const id = document.querySelector<HTMLElement>("section[data-clip-id]")!.dataset.clipId!;
    const { clips } = (await (await fetch("/api/feed?offset=0")).json()) as { clips: { id: string; slug: string }[] };
    return clips.find((c) => c.id === id)!;
  });
}

/** A one-cue WebVTT file: `text` shows for the clip's first minute. */
export const vtt = (text: string) => `WEBVTT\n\n00:00:00.000 --> 00:01:00.000\n${text}\n`;

/** Attaches `language` captions to a clip on the desk. `desk` is a moderator's page. */
export async function setCaptions(desk: Page, slug: string, file: string, language: "en" | "es" = "en") {
  await openClip(desk, slug);
  const form = desk.locator("form", { has: desk.getByRole("button", { name: "Attach captions" }) });
  await reactOwns(form.getByRole("button", { name: "Attach captions" }));
  await form.getByLabel("Language").selectOption(language);
  await form.getByLabel("WebVTT file").setInputFiles({ name: `${language}.vtt`, mimeType: "text/vtt", buffer: Buffer.from(file) });
  await form.getByRole("button", { name: "Attach captions" }).click();
  await desk.getByText("Captions saved.").waitFor();
}

/** Removes every caption file the clip has, in either language. */
export async function removeCaptions(desk: Page, slug: string) {
  for (const language of ["English", "Spanish"]) {
    await openClip(desk, slug);
    const remove = desk.getByRole("button", { name: `Remove the ${language} captions` });
    if ((await remove.count()) === 0) continue;
    await reactOwns(remove);
    await remove.click();
    await desk.getByText("Captions removed.").waitFor();
  }
}

async function openClip(desk: Page, slug: string) {
  await desk.goto(`${site()}/admin/clips?q=${encodeURIComponent(`/video/${slug}`)}`);
  await hydrated(desk);
}
