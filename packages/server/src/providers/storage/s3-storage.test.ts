import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

/** The S3 adapter against s3rver, an S3-compatible HTTP server on loopback. */
describe('S3-compatible storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'pvplan', configs: [] }],
  });
  let storage: S3Storage;

  beforeAll(async () => {
    const address: AddressInfo = await server.run();
    storage = new S3Storage({
      bucket: 'pvplan',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes an object by key', async () => {
    await storage.put('user_suggest_img/7/a.png', Buffer.from('png-bytes'), 'image/png');
    const object = await storage.get('user_suggest_img/7/a.png');
    expect(object?.sizeBytes).toBe(9);
    expect(await text(object?.body ?? (null as never))).toBe('png-bytes');
    await storage.delete('user_suggest_img/7/a.png');
    expect(await storage.get('user_suggest_img/7/a.png')).toBeNull();
  });
});
