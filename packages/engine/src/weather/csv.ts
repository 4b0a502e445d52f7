/** Split one CSV line into fields, honouring double quotes (no embedded newlines). */
export function splitCsvLine(line: string): string[] {
  return splitDelimitedLine(line, ',');
}

/** Split text into lines (LF or CRLF), dropping a BOM. */
export function splitLines(text: string): string[] {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return t.split(/\r?\n/);
}

/** Strict number parse: finite decimal, else NaN (empty string → NaN). */
export function parseNumber(s: string | undefined): number {
  if (s === undefined) return Number.NaN;
  const t = s.trim();
  if (t === '') return Number.NaN;
  const v = Number(t);
  return Number.isFinite(v) ? v : Number.NaN;
}

/** Split one delimited line (`,` `;` or tab), honouring double quotes (no embedded newlines). */
export function splitDelimitedLine(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** 1-based line number of a character offset in `text`. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * A line-number lookup for increasing offsets into one text (counts newlines incrementally, so
 * looking up every record of a large JSON file stays linear).
 */
export function lineCounter(text: string): (offset: number) => number {
  let pos = 0;
  let line = 1;
  return (offset: number) => {
    if (offset < pos) {
      pos = 0;
      line = 1;
    }
    const end = Math.min(offset, text.length);
    for (; pos < end; pos++) if (text.charCodeAt(pos) === 10) line++;
    return line;
  };
}

/** Parse JSON, turning a syntax error into a line-numbered message (V8 reports a position). */
export function parseJsonText(
  text: string,
): { value: unknown } | { error: string; line: number | undefined } {
  try {
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    const lm = /line (\d+)/.exec(msg);
    const line = lm ? Number(lm[1]) : m ? lineOfOffset(text, Number(m[1])) : undefined;
    return { error: msg, line };
  }
}
