import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { XmlDefaultPrefixStream } from './xml-default-prefix';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The text of `xml` after the stream, fed in chunks of `size` bytes (cutting tags and characters). */
async function rewritten(xml: string, size: number): Promise<string> {
  const bytes = Buffer.from(xml, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new XmlDefaultPrefixStream()))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('XmlDefaultPrefixStream', () => {
  it('makes a prefixed root namespace the default one, whatever the chunk cuts', async () => {
    const prefixed = `<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet xmlns:x="${MAIN}" xmlns:r="r-ns"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>时间</x:t></x:is></x:c></x:row><x:row r="2"/></x:sheetData><x:hyperlinks><x:hyperlink r:id="rId1"/></x:hyperlinks></x:worksheet>`;
    const plain = `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="${MAIN}" xmlns:r="r-ns"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>时间</t></is></c></row><row r="2"/></sheetData><hyperlinks><hyperlink r:id="rId1"/></hyperlinks></worksheet>`;
    for (const size of [1, 2, 3, 7, 64, 100_000]) expect(await rewritten(prefixed, size)).toBe(plain);
  });

  it('passes a document without a root prefix through unchanged', async () => {
    const plain = `<?xml version="1.0"?><!-- x:c --><worksheet xmlns="${MAIN}" xmlns:x14ac="e"><x14ac:dyDescent/><sheetData/></worksheet>`;
    for (const size of [1, 5, 100_000]) expect(await rewritten(plain, size)).toBe(plain);
  });

  it('leaves a prefixed root that also declares a default namespace alone', async () => {
    const mixed = `<x:worksheet xmlns:x="${MAIN}" xmlns="other"><x:sheetData/><y/></x:worksheet>`;
    expect(await rewritten(mixed, 4)).toBe(mixed);
  });
});
