/**
 * The background job that recognises a bill file (registered in modules/jobs/job-handlers.ts).
 * Two payloads: a project's bill file (results stored on its bills; a run superseded by a newer
 * one stops quietly) or a bare uploaded object (model/recognizeElectricity: the result is the
 * job's result). One attempt: a file without a bill fails for good with its reason; a crash marks
 * the file failed so the user can run it again (onceMoreHandleElectricityBill).
 */
import { buffer } from 'node:stream/consumers';
import type { BillRecognitionResult } from '@pvplan/contract';
import { loadConfig } from '../../config';
import { createObjectStorage, type ObjectStorage } from '../../providers/storage';
import type { JobHandler } from '../jobs/job-types';
import { type BillFileKind, sniffBillFile } from './bill-files';
import { recogniseBillFile } from './bill-recognizer';
import { failRecognition, findBillFile, startRecognition, storeRecognition } from './bills.repository';

export const BILL_RECOGNITION_JOB = 'bills.recognise';

export type BillRecognitionPayload =
  | {
      readonly mode: 'file';
      readonly fileId: number;
      readonly runToken: string;
      readonly keepCorrections: boolean;
    }
  | { readonly mode: 'object'; readonly objectKey: string };

export async function readObject(storage: ObjectStorage, objectKey: string): Promise<Buffer | null> {
  const object = await storage.get(objectKey);
  return object ? buffer(object.body) : null;
}

function kindOf(bytes: Buffer): BillFileKind | null {
  return sniffBillFile(bytes)?.kind ?? null;
}

function isPayload(value: unknown): value is BillRecognitionPayload {
  if (typeof value !== 'object' || value === null) return false;
  const payload = value as Record<string, unknown>;
  return (
    (payload.mode === 'file' && typeof payload.fileId === 'number' && typeof payload.runToken === 'string') ||
    (payload.mode === 'object' && typeof payload.objectKey === 'string')
  );
}

const unknownFile = (): BillRecognitionResult => ({
  pageCount: 0,
  tables: [],
  noBillPages: [],
  sources: [],
  ms: 0,
  errorCode: 'ERR_BILL_FILE_UNKNOWN',
});

/** The job handler, reading files from the object storage `storage()` returns. */
export function billRecognitionJob(storage: () => ObjectStorage): JobHandler {
  return async (payload, { db, reportProgress }) => {
    if (!isPayload(payload)) throw new Error('bill recognition: malformed payload');
    if (payload.mode === 'object') {
      const bytes = await readObject(storage(), payload.objectKey);
      const kind = bytes ? kindOf(bytes) : null;
      if (!bytes || !kind) return unknownFile();
      return recogniseBillFile(bytes, kind, reportProgress);
    }
    const { fileId, runToken } = payload;
    if (!(await startRecognition(db, fileId, runToken))) return { skipped: true };
    try {
      const file = await findBillFile(db, fileId);
      const bytes = file ? await readObject(storage(), file.object_key) : null;
      const kind = bytes ? kindOf(bytes) : null;
      if (!bytes || !kind) {
        await failRecognition(db, fileId, runToken, 'ERR_BILL_FILE_UNKNOWN');
        return unknownFile();
      }
      const result = await recogniseBillFile(bytes, kind, reportProgress);
      await storeRecognition(db, fileId, runToken, {
        tables: result.tables,
        noBillPages: result.noBillPages,
        sources: result.sources,
        ms: result.ms,
        errorCode: result.errorCode,
        keepCorrections: payload.keepCorrections,
      });
      // The job result is a summary; the bills hold the detail.
      return {
        fileId,
        tableNum: result.tables.length,
        pageCount: result.pageCount,
        noBillPages: result.noBillPages,
        sources: result.sources,
        ms: result.ms,
        errorCode: result.errorCode,
      };
    } catch (error) {
      await failRecognition(db, fileId, runToken, 'ERR_BILL_RECOGNITION_FAILED');
      throw error;
    }
  };
}

/** The handler the workers register: object storage as configured by the environment (as the app's). */
export function defaultBillRecognitionJob(): JobHandler {
  let storage: ObjectStorage | null = null;
  return billRecognitionJob(() => {
    storage ??= createObjectStorage(loadConfig());
    return storage;
  });
}
