// Files made from a clip's video live beside it, under a folder named after the video's key:
// `clips/<name>.mp4` owns `clips/<name>/360p.mp4`, `clips/<name>/storyboard.jpg`, `clips/<name>/captions/en.vtt`.
// So whoever may see the video may see its renditions, storyboard and captions, and /media withholds
// them together by asking about the video alone (docs/decisions/155-renditions-and-progressive-mp4.md).

const VIDEO = /^(clips\/[A-Za-z0-9._-]+)\.mp4$/;
const DERIVED = /^(clips\/[A-Za-z0-9._-]+)\/[A-Za-z0-9._/-]+$/;

/** The folder of a video's derived files, or null for a key that is not a clip video. */
export function derivedFolder(videoKey: string): string | null {
  return VIDEO.exec(videoKey)?.[1] ?? null;
}

export const renditionKey = (folder: string, height: number) => `${folder}/${height}p.mp4`;
export const storyboardImageKey = (folder: string) => `${folder}/storyboard.jpg`;
export const storyboardIndexKey = (folder: string) => `${folder}/storyboard.vtt`;
export const captionKey = (folder: string, language: string) => `${folder}/captions/${language}.vtt`;

/** The clip video a derived file belongs to (`clips/a/360p.mp4` → `clips/a.mp4`), or null. */
export function ownerVideoKey(key: string): string | null {
  const folder = DERIVED.exec(key)?.[1];
  return folder ? `${folder}.mp4` : null;
}
