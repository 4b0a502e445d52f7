/*
 * Binary form of a stored load series (object storage): "PVLS", format version (u32 LE), length of a
 * JSON header (u32 LE), the header, zero padding to a multiple of 8, then the arrays back to back in
 * little-endian order, each padded to 8 bytes. The header lists the arrays (name, type, length).
 * A year of 15-minute data is 35 040 × (8 kW + 1 flag + 8 raw + 4 row + 2 file) ≈ 0.8 MB.
 */

const MAGIC = 'PVLS';
const VERSION = 1;

type ArrayType = 'f64' | 'u8' | 'i32' | 'u16';
type TypedArray = Float64Array | Uint8Array | Int32Array | Uint16Array;

export interface SeriesArrays {
  /** Cleaned kW. */
  readonly kw: Float64Array;
  /** Quality flag per step (engine LOAD_FLAG_*). */
  readonly flags: Uint8Array;
  /** Gridded values before cleaning (NaN = missing); absent for synthetic series. */
  readonly raw?: Float64Array;
  /** Source row per step (0 = none). */
  readonly rows?: Int32Array;
  /** Source file index per step. */
  readonly sources?: Uint16Array;
}

const BYTES: Record<ArrayType, number> = { f64: 8, u8: 1, i32: 4, u16: 2 };

function typeOf(a: TypedArray): ArrayType {
  if (a instanceof Float64Array) return 'f64';
  if (a instanceof Int32Array) return 'i32';
  if (a instanceof Uint16Array) return 'u16';
  return 'u8';
}

const pad8 = (n: number) => (n + 7) & ~7;

export function encodeSeries(arrays: SeriesArrays): Buffer {
  const entries = Object.entries(arrays).filter((e): e is [string, TypedArray] => e[1] !== undefined);
  const header = Buffer.from(
    JSON.stringify({ arrays: entries.map(([name, a]) => ({ name, type: typeOf(a), length: a.length })) }),
    'utf8',
  );
  const headerEnd = pad8(12 + header.length);
  const total = entries.reduce((s, [, a]) => s + pad8(a.byteLength), headerEnd);
  const out = Buffer.alloc(total);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(VERSION, 4);
  out.writeUInt32LE(header.length, 8);
  header.copy(out, 12);
  let off = headerEnd;
  for (const [, a] of entries) {
    // Typed arrays use the platform's byte order; every platform Node runs on is little-endian.
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, off);
    off += pad8(a.byteLength);
  }
  return out;
}

export function decodeSeries(buf: Buffer): SeriesArrays {
  if (buf.subarray(0, 4).toString('latin1') !== MAGIC || buf.readUInt32LE(4) !== VERSION) {
    throw new Error('not a PVLS v1 series');
  }
  const headerLength = buf.readUInt32LE(8);
  const header = JSON.parse(buf.subarray(12, 12 + headerLength).toString('utf8')) as {
    arrays: { name: string; type: ArrayType; length: number }[];
  };
  let off = pad8(12 + headerLength);
  const out: Record<string, TypedArray> = {};
  for (const { name, type, length } of header.arrays) {
    const byteLength = length * BYTES[type];
    // Copy into a fresh, aligned buffer.
    const bytes = new Uint8Array(byteLength);
    bytes.set(buf.subarray(off, off + byteLength));
    out[name] =
      type === 'f64'
        ? new Float64Array(bytes.buffer)
        : type === 'i32'
          ? new Int32Array(bytes.buffer)
          : type === 'u16'
            ? new Uint16Array(bytes.buffer)
            : bytes;
    off += pad8(byteLength);
  }
  if (!(out.kw instanceof Float64Array) || !(out.flags instanceof Uint8Array))
    throw new Error('series without kw/flags');
  return out as unknown as SeriesArrays;
}
