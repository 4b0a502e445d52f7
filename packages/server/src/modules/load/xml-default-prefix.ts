import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * Some writers of XLSX (the Open XML SDK used directly, so some .NET metering and energy-management
 * exports) put every SpreadsheetML element under a prefix: <x:worksheet xmlns:x="…/main"><x:sheetData>
 * <x:row>. exceljs's parsers match element names without namespaces, so such a file reads as a
 * workbook without sheets. This stream rewrites a part whose root element carries a prefix to the
 * same document with that namespace as the default one (<worksheet xmlns="…/main"><sheetData><row>),
 * chunk by chunk; any other part passes through unchanged. Other prefixes (r:id, mc:Ignorable) stay.
 */

const ROOT_START_TAG = /<([A-Za-z_][\w.-]*):[A-Za-z_][\w.-]*[\s/>]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]-]/g, '\\$&');
}

export class XmlDefaultPrefixStream extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  /** Undecided until the root start tag has been read; null: nothing to rewrite. */
  private prefix: string | null | undefined = undefined;
  private pattern: RegExp | null = null;
  /** Text held back: before the root tag is known, or a tag cut at the end of a chunk. */
  private pending = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending += this.decoder.write(chunk);
    if (this.prefix === undefined) {
      const root = this.rootPrefix(this.pending);
      if (root === undefined) {
        done();
        return;
      }
      this.decide(root);
    }
    // Hold back an unfinished tag at the end, so a prefix cut between chunks is still seen.
    const lastOpen = this.pending.lastIndexOf('<');
    const cut = lastOpen >= 0 && this.pending.indexOf('>', lastOpen) < 0 ? lastOpen : this.pending.length;
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    done(null, this.rewrite(ready));
  }

  override _flush(done: TransformCallback): void {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    if (this.prefix === undefined) this.decide(this.rootPrefix(rest) ?? null);
    done(null, this.rewrite(rest));
  }

  private decide(prefix: string | null): void {
    this.prefix = prefix;
    if (prefix === null) return;
    const p = escapeRegExp(prefix);
    this.pattern = new RegExp(`<(/?)${p}:|xmlns:${p}=`, 'g');
  }

  /** The root element's prefix, null when it has none, undefined while its start tag is incomplete. */
  private rootPrefix(text: string): string | null | undefined {
    let at = 0;
    for (;;) {
      const open = text.indexOf('<', at);
      if (open < 0) return undefined;
      const next = text[open + 1];
      if (next === undefined) return undefined;
      if (next === '?' || next === '!') {
        const close = text.indexOf('>', open);
        if (close < 0) return undefined;
        at = close + 1;
        continue;
      }
      const close = text.indexOf('>', open);
      if (close < 0) return undefined;
      const tag = text.slice(open, close + 1);
      const match = ROOT_START_TAG.exec(tag);
      // A root that also declares a default namespace is left as it is (two defaults would clash).
      if (!match || match.index !== 0 || /\sxmlns\s*=/.test(tag)) return null;
      return match[1] ?? null;
    }
  }

  private rewrite(text: string): string {
    if (!this.pattern || text === '') return text;
    return text.replace(this.pattern, (found, slash: string | undefined) =>
      found.startsWith('xmlns:') ? 'xmlns=' : `<${slash ?? ''}`,
    );
  }
}
