/**
 * OCR text-recognition worker (plain JavaScript: it runs in a worker thread without a TS loader).
 * Holds one PP-OCRv4 recognition session (ONNX Runtime, one intra-op thread) and turns batches of
 * preprocessed text-line crops into text by greedy CTC decoding. bill-ocr.ts starts one worker per
 * core so the ~200 crops of a bill page are recognised in parallel (ONNX Runtime's Node binding
 * runs a session synchronously on its calling thread).
 *
 * Messages in:  { id, items: [{ input: Float32Array (3 x 48 x width, planes B,G,R, values 0..1), width }] }
 * Messages out: { id, results: [{ text, mean }] } or { id, error }; { ready: true } once loaded.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';

const HEIGHT = 48;
const { modelPath, dictionaryPath } = workerData;

const session = await ort.InferenceSession.create(modelPath, {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
});
// Index 0 is the CTC blank; index i is dictionary[i - 1]; the last class is a space.
const dictionary = [...fs.readFileSync(dictionaryPath, 'utf8').split('\n'), ' '];
const inputName = session.inputNames[0];
const outputName = session.outputNames[0];

/** Greedy CTC: best class per time step, repeats and blanks dropped; mean probability of the kept ones. */
function decode(data, steps, classes) {
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let t = 0; t < steps; t += 1) {
    const offset = t * classes;
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < classes; c += 1) {
      const value = data[offset + c];
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1] ?? '';
      sum += bestValue;
      kept += 1;
    }
    previous = best;
  }
  return { text, mean: kept > 0 ? sum / kept : 0 };
}

parentPort.on('message', async ({ id, items }) => {
  try {
    const results = [];
    for (const item of items) {
      const output = await session.run({
        [inputName]: new ort.Tensor('float32', item.input, [1, 3, HEIGHT, item.width]),
      });
      const tensor = output[outputName];
      const [, steps, classes] = tensor.dims;
      results.push(decode(tensor.data, steps, classes));
    }
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

parentPort.postMessage({ ready: true });
