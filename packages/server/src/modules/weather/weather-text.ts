/**
 * File bytes as text: UTF-8 (BOM allowed), else GB18030 — Chinese station exports are often
 * GBK-encoded — else UTF-8 with replacement characters (the parser then names the bad line).
 * Every read of a weather file goes through here: the upload and any later re-read of the stored file.
 */
export function decodeWeatherText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('utf-8').decode(bytes);
    }
  }
}
