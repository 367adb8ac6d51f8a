import { Transform } from "node:stream";

// React Router's <Scripts> renders `<link rel="modulepreload">` without a way to pass `fetchpriority`. At the default
// (High, like a blocking script) the browser fetches the page's JavaScript alongside the stylesheet and the poster,
// and Lighthouse counts it as blocking the largest paint. At `low` the stylesheet and the largest image go first
// (docs/decisions/108-low-priority-module-preloads.md).

const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * A pass-through for the rendered HTML that adds `fetchpriority="low"` to the modulepreload links in the head. The
 * document after `</head>` passes untouched (React hoists every such link into the head); a tag split across two
 * chunks is held back until the next chunk completes it.
 */
export function lowPriorityModulePreloads(): Transform {
  let inHead = true;
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      if (!inHead) return done(null, chunk);
      // latin1 maps every byte to one character and back: a UTF-8 character cut by the chunk's end survives.
      const text = pending + (typeof chunk === "string" ? Buffer.from(chunk).toString("latin1") : chunk.toString("latin1"));
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd >= 0) {
        inHead = false;
        pending = "";
        return done(null, latin1(text.slice(0, headEnd).replaceAll(TAG, LOW) + text.slice(headEnd)));
      }
      // Keep back what could be the start of a tag (or of `</head>`) cut by the chunk's end.
      const keep = partialSuffix(text);
      pending = text.slice(text.length - keep);
      done(null, latin1(text.slice(0, text.length - keep).replaceAll(TAG, LOW)));
    },
    flush(done) {
      done(null, latin1(pending.replaceAll(TAG, LOW)));
    },
  });
}

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** How many characters at the end of `text` begin TAG or HEAD_END (and could be completed by the next chunk). */
function partialSuffix(text: string): number {
  for (let n = Math.min(text.length, TAG.length - 1); n > 0; n--) {
    const tail = text.slice(text.length - n);
    if (TAG.startsWith(tail) || HEAD_END.startsWith(tail)) return n;
  }
  return 0;
}
