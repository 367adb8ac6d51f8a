import { existsSync, statSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { publishInputSchema, type PublishClipInput } from "./publish-input";

// `npm run clips -- import <folder | manifest.json>` turns its argument into a
// list of publishClip inputs first, and refuses the whole import when any entry
// is wrong: a half-imported manifest is harder to fix than a rejected one.

export const VIDEO_EXTENSIONS = [".mp4", ".webm", ".mov"] as const;

export interface ImportEntry {
  /** How messages name the entry: `entry 2 (beach.mp4)`. */
  label: string;
  input: PublishClipInput;
}

export type ImportPlan = { ok: true; entries: ImportEntry[] } | { ok: false; errors: string[] };

export interface FolderFlags {
  creator?: string;
  category?: string;
  /** Comma-separated. */
  tags?: string;
}

const commaList = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** One manifest entry, as an operator writes it (field names differ from publishClip's). */
const manifestEntrySchema = z.object({
  file: z.string().trim().min(1, "is required"),
  title: z.string(),
  creator: z.string(),
  category: z.string(),
  tags: z.union([z.array(z.string()), z.string().transform(commaList)]).optional(),
  channelUrl: z.string().optional(),
  start: z.number().optional(),
  end: z.number().optional(),
  audiences: z.array(z.string()).optional(),
  description: z.string().optional(),
});

// publishClip's field names → the manifest's, so messages name what the operator wrote.
const MANIFEST_NAMES: Record<string, string> = {
  creatorName: "creator",
  categorySlug: "category",
  startSeconds: "start",
  endSeconds: "end",
  videoPath: "file",
};

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const [first, ...rest] = issue.path.map(String);
    const field = [first && (MANIFEST_NAMES[first] ?? first), ...rest].filter(Boolean).join(".");
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}

/** Validates with publishClip's own schema, so the CLI can never accept what publishing would refuse. */
function check(label: string, input: PublishClipInput, errors: string[]): ImportEntry {
  const parsed = publishInputSchema.safeParse(input);
  if (!parsed.success) errors.push(...issuesOf(parsed.error).map((m) => `${label}: ${m}`));
  const { startSeconds, endSeconds } = input;
  if (startSeconds != null && endSeconds != null && startSeconds >= endSeconds) errors.push(`${label}: start must be before end`);
  if (!existsSync(input.videoPath) || !statSync(input.videoPath).isFile()) errors.push(`${label}: file not found: ${input.videoPath}`);
  return { label, input };
}

export async function planFromManifest(manifestPath: string): Promise<ImportPlan> {
  const name = path.basename(manifestPath);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(manifestPath, "utf8"));
  } catch (error) {
    return { ok: false, errors: [`${name} could not be read as JSON: ${(error as Error).message}`] };
  }
  if (!Array.isArray(raw)) return { ok: false, errors: [`${name} must be a JSON array of entries`] };
  if (raw.length === 0) return { ok: false, errors: [`${name} has no entries`] };

  const errors: string[] = [];
  const entries = raw.map((item, i) => {
    const file = typeof item?.file === "string" ? ` (${item.file})` : "";
    const label = `entry ${i + 1}${file}`;
    // Unknown fields are reported beside the other mistakes: a typo like "channelURL" must not pass silently.
    const known = Object.keys(manifestEntrySchema.shape);
    const unknown = item && typeof item === "object" ? Object.keys(item).filter((key) => !known.includes(key)) : [];
    for (const key of unknown) errors.push(`${label}: unknown field "${key}" (expected ${known.join(", ")})`);
    const shape = manifestEntrySchema.safeParse(item);
    if (!shape.success) {
      errors.push(...issuesOf(shape.error).map((m) => `${label}: ${m}`));
      return null;
    }
    const e = shape.data;
    return check(
      label,
      {
        videoPath: path.resolve(path.dirname(manifestPath), e.file),
        title: e.title,
        creatorName: e.creator,
        categorySlug: e.category,
        tags: e.tags ?? [],
        channelUrl: e.channelUrl,
        startSeconds: e.start,
        endSeconds: e.end,
        audiences: e.audiences as PublishClipInput["audiences"],
        description: e.description,
      },
      errors,
    );
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, entries: entries.filter((e) => e !== null) };
}

/** "beach_day-02.mp4" → "Beach day 02" */
export function titleFromFileName(file: string): string {
  const words = path.basename(file, path.extname(file)).replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export async function planFromFolder(folder: string, flags: FolderFlags): Promise<ImportPlan> {
  const missing = (["creator", "category"] as const).filter((flag) => !flags[flag]?.trim());
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [
        `a folder without manifest.json needs ${missing.map((f) => `--${f}`).join(" and ")} (e.g. --creator "Aurora Vale" --category feet)`,
      ],
    };
  }
  const files = (await readdir(folder, { withFileTypes: true }))
    .filter((d) => d.isFile() && (VIDEO_EXTENSIONS as readonly string[]).includes(path.extname(d.name).toLowerCase()))
    .map((d) => d.name)
    .sort();
  if (files.length === 0) return { ok: false, errors: [`no ${VIDEO_EXTENSIONS.join(", ")} files in ${folder}`] };
  const errors: string[] = [];
  const entries = files.map((file) =>
    check(
      file,
      {
        videoPath: path.join(folder, file),
        title: titleFromFileName(file) || file,
        creatorName: flags.creator!,
        categorySlug: flags.category!,
        tags: commaList(flags.tags ?? ""),
      },
      errors,
    ),
  );
  return errors.length > 0 ? { ok: false, errors } : { ok: true, entries };
}

/** A manifest file, a folder with manifest.json, or a folder of videos with --creator/--category. */
export async function planImport(target: string, flags: FolderFlags): Promise<ImportPlan> {
  const info = await stat(target).catch(() => null);
  if (!info) return { ok: false, errors: [`not found: ${target}`] };
  const manifest = info.isDirectory() ? path.join(target, "manifest.json") : target;
  if (info.isFile() || existsSync(manifest)) {
    if (flags.creator || flags.category || flags.tags) {
      return {
        ok: false,
        errors: ["--creator, --category and --tags apply to a folder without manifest.json; put them in the manifest entries"],
      };
    }
    return planFromManifest(manifest);
  }
  return planFromFolder(target, flags);
}
