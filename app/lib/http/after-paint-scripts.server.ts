import { Transform } from "node:stream";

// The page's scripts are requested after its first paint (docs/decisions/110-scripts-after-first-paint.md): the first
// frame needs only the page, the stylesheet and the poster, and on a fast connection the scripts used to finish first
// and count against the largest paint. React Router's <Scripts> renders a `<link rel="modulepreload">` per first-load
// chunk in the head and a bootstrap `<script type="module">` whose static imports load the route modules and then the
// client entry, which hydrates. This pass-through of the rendered HTML
// - takes the modulepreload links out of the head, keeping their addresses;
// - makes the bootstrap script inert (a data block: `type="text/x-module-after-paint"`, its nonce kept);
// - adds, right after it, a small script under the same nonce that, once the first frame is painted, adds the
//   modulepreload links to the head and runs the bootstrap's text as a module script with the same nonce.
// Everything else passes untouched; until the scripts run the server's HTML works as it does without JavaScript.

const HEAD_END = "</head>";
const SCRIPT_END = "</script>";
const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOTSTRAP = /<script\b[^>]*\stype="module"[^>]*>/;
export const INERT_TYPE = "text/x-module-after-paint";

/**
 * The starter, a classic script. It waits for the first contentful paint to be reported (the frame is presented by
 * then), or a frame and a task where paint timing is not reported, and starts at once when the page is hidden (a
 * hidden page does not paint). It starts after 3 s whatever happens, so that a page without a contentful paint
 * still hydrates.
 */
function starter(preloads: string[]): string {
  // `<` escaped so that no address can close the script element.
  const hrefs = JSON.stringify(preloads).replaceAll("<", "\\u003c");
  return (
    "(function(){var me=document.currentScript,boot=me.previousElementSibling,started=0;" +
    "function start(){if(started++)return;" +
    `${hrefs}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    'var s=document.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=boot.textContent;document.head.appendChild(s)}' +
    'if(document.visibilityState!=="visible")return start();setTimeout(start,3000);' +
    "var P=window.PerformanceObserver,types=P&&P.supportedEntryTypes||[];" +
    'if(types.indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(start,0)});' +
    'new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(start,0)}})' +
    '.observe({type:"paint",buffered:true})})()'
  );
}

type State = "head" | "body" | "bootstrap" | "done";

/**
 * The transform for `renderToPipeableStream`'s output. Tags cut by a chunk's end are held back until the next chunk
 * completes them. A document without a bootstrap script (no `<Scripts>`) passes through with only its head's
 * modulepreload links removed.
 */
export function afterPaintScripts(): Transform {
  let state: State = "head";
  let pending = "";
  const preloads: string[] = [];
  let nonce = "";

  /** Consumes what it can of `text`, returns the output; leaves in `pending` what may be an unfinished tag. */
  function step(text: string, final: boolean): string {
    let out = "";
    while (text) {
      if (state === "done") return out + text;
      if (state === "bootstrap") {
        const end = text.indexOf(SCRIPT_END);
        if (end < 0) {
          const keep = final ? 0 : partialSuffix(text, SCRIPT_END);
          pending = text.slice(text.length - keep);
          return out + text.slice(0, text.length - keep);
        }
        const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
        out += `${text.slice(0, end + SCRIPT_END.length)}<script${nonceAttribute}>${starter(preloads)}</script>`;
        text = text.slice(end + SCRIPT_END.length);
        state = "done";
        continue;
      }
      // In the head and the body, only complete tags are looked at: hold back from an unclosed `<`.
      const open = text.lastIndexOf("<");
      const complete = final || open < 0 || text.indexOf(">", open) >= 0 ? text : text.slice(0, open);
      let rest = text.slice(complete.length);
      if (state === "head") {
        const headEnd = complete.indexOf(HEAD_END);
        const head = headEnd < 0 ? complete : complete.slice(0, headEnd);
        out += head.replace(PRELOAD, (link) => {
          const href = /\shref="([^"]+)"/.exec(link)?.[1];
          if (href) preloads.push(unescapeAttribute(href));
          return "";
        });
        if (headEnd < 0) {
          pending = rest;
          return out;
        }
        state = "body";
        text = complete.slice(headEnd) + rest;
        continue;
      }
      // state === "body": look for the bootstrap module script.
      const match = BOOTSTRAP.exec(complete);
      if (!match) {
        pending = rest;
        return out + complete;
      }
      nonce = /\snonce="([^"]*)"/.exec(match[0])?.[1] ?? "";
      out += complete.slice(0, match.index) + match[0].replace(/\stype="module"/, ` type="${INERT_TYPE}"`);
      rest = complete.slice(match.index + match[0].length) + rest;
      text = rest;
      state = "bootstrap";
    }
    pending = "";
    return out;
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      if (state === "done") return done(null, chunk);
      // latin1 maps every byte to one character and back: a UTF-8 character cut by the chunk's end survives.
      const text = pending + (typeof chunk === "string" ? Buffer.from(chunk).toString("latin1") : chunk.toString("latin1"));
      pending = "";
      done(null, Buffer.from(step(text, false), "latin1"));
    },
    flush(done) {
      const text = pending;
      pending = "";
      done(null, Buffer.from(step(text, true), "latin1"));
    },
  });
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
/** An attribute's value as React escaped it, unescaped. */
const unescapeAttribute = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);

/** How many characters at the end of `text` begin `marker` (and could be completed by the next chunk). */
function partialSuffix(text: string, marker: string): number {
  for (let n = Math.min(text.length, marker.length - 1); n > 0; n--) {
    if (marker.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}
