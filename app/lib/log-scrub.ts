// Free-text scrubbing for log lines (docs/decisions/096-linear-log-scrubbing.md).
// The old pattern `[local]+@[domain]+\.[a-z]{2,}` backtracked over every start
// position of a long run of address characters: quadratic, so a 1 MB URL took
// minutes of one core. This scanner visits each character a bounded number of
// times: it looks for `@` (or its URL encoding `%40`), then walks left over the
// local part and right over the domain, never past the previous `@`.

const LETTER = 1;
const DOMAIN = 2;
const LOCAL = 4;
/** Character classes by char code (ASCII only; anything else is none of them). */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z]/.test(ch)) CLASS[c] = LETTER | DOMAIN | LOCAL;
  else if (/[0-9.-]/.test(ch)) CLASS[c] = DOMAIN | LOCAL;
  else if (/[_%+]/.test(ch)) CLASS[c] = LOCAL;
}
const is = (text: string, i: number, kind: number) => ((CLASS[text.charCodeAt(i)] ?? 0) & kind) !== 0;
const AT = /@|%40/gi;
const TOKEN_PARAM = /([?&](?:token|code|access_token|refresh_token|callbackURL)=)[^&\s]+/gi;

/** End of the address whose domain starts at `from`, or -1: the domain must end in `.` and two or more letters. */
function domainEnd(text: string, from: number): number {
  let run = from;
  while (run < text.length && is(text, run, DOMAIN)) run++;
  // The right-most dot with at least one character before it and two letters after it.
  for (let dot = run - 3; dot > from; dot--) {
    if (text.charCodeAt(dot) !== 46 || !is(text, dot + 1, LETTER) || !is(text, dot + 2, LETTER)) continue;
    let end = dot + 3;
    while (end < run && is(text, end, LETTER)) end++;
    return end;
  }
  return -1;
}

export function scrubEmails(text: string): string {
  let out = "";
  let copied = 0; // text before this index is already in `out`
  let floor = 0; // the local part of the next address cannot start before this
  AT.lastIndex = 0;
  for (let at = AT.exec(text); at; at = AT.exec(text)) {
    const afterAt = at.index + at[0].length;
    let start = at.index;
    while (start > floor && is(text, start - 1, LOCAL)) start--;
    const end = start < at.index ? domainEnd(text, afterAt) : -1;
    floor = afterAt;
    if (end === -1) continue;
    out += text.slice(copied, start) + "[email]";
    copied = floor = end;
    AT.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export function scrub(text: string): string {
  return scrubEmails(text).replace(TOKEN_PARAM, "$1[redacted]");
}
