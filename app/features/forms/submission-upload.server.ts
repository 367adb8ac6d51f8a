import busboy from "busboy";
import { randomUUID } from "node:crypto";
import { PassThrough, Readable, Writable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { UploadKind } from "~schema/forms";
import { tryReadForm } from "~/lib/http/form";
import type { Storage } from "~/lib/storage/index.server";
import { SNIFF_BYTES, sniffMediaType, type SniffedType } from "./media-sniff";
import type { UploadReservation } from "./upload-quota.server";
import { sanitizeLine } from "./sanitize";
import {
  maxBytesFor,
  tooLargeError,
  UPLOAD_ERRORS,
  UPLOAD_FIELD_NAME as UPLOAD_FIELD,
  VIDEO_MAX_BYTES,
  type UploadError,
} from "./upload-rules";

export { UPLOAD_FIELD };

export interface StoredUpload {
  /** Under `quarantine/`: /media never serves it. */
  key: string;
  kind: UploadKind;
  type: string;
  bytes: number;
  name: string;
}

export interface SubmissionForm {
  form: FormData;
  upload: StoredUpload | null;
  uploadError: UploadError | null;
}

/** Which files a form takes, and where they wait for a moderator. */
export interface QuarantineOptions {
  /** The folder under `quarantine/`. */
  folder: string;
  /** The kinds of file accepted; any other is refused by its first bytes, before it is stored. */
  kinds: readonly UploadKind[];
  /** The file field's name. */
  field: string;
}

const SUBMISSION_UPLOADS: QuarantineOptions = { folder: "submissions", kinds: ["video", "image"], field: UPLOAD_FIELD };

// The file's own limit is checked per type as it streams; busboy's is a backstop.
const LIMITS = { files: 1, fields: 30, parts: 40, fieldSize: 64 * 1024, fileSize: VIDEO_MAX_BYTES + 1024 * 1024 };

/**
 * Reads the submit form. A plain form is read as usual; a multipart one is
 * parsed as it arrives and its file is streamed into quarantine, judged by
 * its first bytes and counted against its type's limit as it goes. A refused
 * file is never kept: its bytes are drained so the fields after it are still
 * read, and whatever was written is removed. The caller removes a kept file
 * when the rest of the form turns out invalid.
 */
export async function readSubmissionForm(
  request: Request,
  storage: Storage,
  reservation?: UploadReservation,
  options: QuarantineOptions = SUBMISSION_UPLOADS,
): Promise<SubmissionForm | null> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) return readPlainForm(request);
  const form = new FormData();
  let received: Promise<Received> | null = null;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: LIMITS });
  } catch {
    // A multipart header without a boundary: nothing can be read.
    return null;
  }
  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, file, info) => {
    if (name !== options.field || received) return void file.resume();
    received = quarantine(file, info.filename, storage, reservation, options);
  });
  const parsed = new Promise<boolean>((resolve) => {
    parser.once("close", () => resolve(true));
    parser.once("error", () => resolve(false));
  });
  Readable.fromWeb(request.body as NodeWebStream)
    .on("error", (error) => parser.destroy(error))
    .pipe(parser);

  const complete = await parsed;
  const outcome = received ? await (received as Promise<Received>) : { upload: null, error: null };
  if (!complete) {
    if (outcome.upload) await storage.delete(outcome.upload.key);
    return { form, upload: null, uploadError: UPLOAD_ERRORS.unreadable };
  }
  return { form, upload: outcome.upload, uploadError: outcome.error };
}

/** A form without a file, or null when the body is not a form (JSON, plain text…). */
export async function readPlainForm(request: Request): Promise<SubmissionForm | null> {
  const form = await tryReadForm(request);
  return form && { form, upload: null, uploadError: null };
}

type Received = { upload: StoredUpload | null; error: UploadError | null };

class Refused extends Error {
  constructor(readonly reason: UploadError) {
    super(reason);
  }
}

/**
 * Streams one file part to `quarantine/<folder>/<uuid>.<ext>`. The part's
 * own stream is never destroyed (busboy needs it drained to read on); a
 * refusal only ends the copy into storage.
 */
function quarantine(
  file: Readable,
  filename: string | undefined,
  storage: Storage,
  reservation: UploadReservation | undefined,
  options: QuarantineOptions,
): Promise<Received> {
  let head = Buffer.alloc(0);
  let sniffed: SniffedType | null = null;
  let bytes = 0;
  let refused: UploadError | null = null;
  let sink: PassThrough | null = null;
  let stored: Promise<void> | null = null;
  let key = "";

  const refuse = (reason: UploadError) => {
    refused ??= reason;
    sink?.destroy(new Refused(reason));
  };

  const forward = (chunk: Buffer, done: () => void) => {
    // A destroyed sink (storage failed) reports itself through `stored`.
    if (refused || !sink || sink.destroyed) return done();
    if (bytes > maxBytesFor(sniffed!.kind)) {
      refuse(tooLargeError(sniffed!.kind));
      return done();
    }
    if (sink.write(chunk)) return done();
    // Wait for storage to catch up, unless the copy ends first.
    const go = () => {
      sink?.off("drain", go).off("close", go);
      done();
    };
    sink.on("drain", go).on("close", go);
  };

  const begin = () => {
    sniffed = sniffMediaType(head);
    if (!sniffed || !options.kinds.includes(sniffed.kind)) {
      sniffed = null;
      return refuse(UPLOAD_ERRORS.type);
    }
    key = `quarantine/${options.folder}/${randomUUID()}.${sniffed.ext}`;
    sink = new PassThrough();
    // A refusal may come before put() has piped the sink anywhere (it creates
    // folders first); the error then reaches put() through the destroyed sink.
    sink.on("error", () => {});
    stored = storage.put(key, sink, { contentType: sniffed.type });
    // put() settles through `stored`; a refusal must not surface as an unhandled error.
    stored.catch(() => {});
  };

  const accept = (chunk: Buffer, done: () => void) => {
    if (refused) return done();
    if (sniffed) return forward(chunk, done);
    head = Buffer.concat([head, chunk]);
    if (head.length < SNIFF_BYTES) return done();
    begin();
    forward(head, done);
  };

  const guard = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (refused) return done();
      if (!reservation) return accept(chunk, done);
      // Every byte is reserved before it is written; past a quota nothing more is written, and what was
      // written is removed (ADR 099, ADR 114).
      reservation.cover(bytes).then(
        (error) => {
          if (error) refuse(error);
          accept(chunk, done);
        },
        () => {
          refuse(UPLOAD_ERRORS.failed);
          done();
        },
      );
    },
    final(done) {
      if (!refused && !sniffed && head.length > 0) {
        begin();
        if (sniffed) sink!.write(head);
      }
      sink?.end();
      done();
    },
  });

  return new Promise<Received>((resolve) => {
    file.on("limit", () => refuse(sniffed ? tooLargeError(sniffed.kind) : UPLOAD_ERRORS.tooLarge));
    // A form cut short (client gone, malformed body) destroys the part mid-file.
    const cutShort = () => {
      if (file.readableEnded) return;
      refuse(UPLOAD_ERRORS.unreadable);
      file.unpipe(guard);
      if (!guard.writableEnded) guard.end();
    };
    file.once("error", cutShort).once("close", cutShort);
    guard.on("finish", async () => {
      // A part with no name and no bytes is the empty file input: nothing was chosen.
      if (bytes === 0 && !filename) return resolve({ upload: null, error: null });
      if (bytes === 0) return resolve({ upload: null, error: UPLOAD_ERRORS.type });
      const failed = await stored?.then(
        () => null,
        (error: unknown) => (error instanceof Refused ? error.reason : UPLOAD_ERRORS.failed),
      );
      const reason = refused ?? failed ?? null;
      if (reason) {
        if (key) await storage.delete(key).catch(() => {});
        return resolve({ upload: null, error: reason });
      }
      resolve({
        upload: { key, kind: sniffed!.kind, type: sniffed!.type, bytes, name: sanitizeLine(filename ?? "") || "upload" },
        error: null,
      });
    });
    file.pipe(guard);
  });
}
