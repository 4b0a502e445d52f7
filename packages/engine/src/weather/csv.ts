/** Split one CSV line into fields, honouring double quotes (no embedded newlines). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
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
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
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
