import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFolderStorage } from './local-storage';

describe('local folder storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pvplan-storage-'));
  const storage = new LocalFolderStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes by key', async () => {
    await storage.put('a/b/c.txt', Buffer.from('hello'), 'text/plain');
    const object = await storage.get('a/b/c.txt');
    expect(object?.sizeBytes).toBe(5);
    expect(await text(object?.body ?? (null as never))).toBe('hello');
    await storage.delete('a/b/c.txt');
    expect(await storage.get('a/b/c.txt')).toBeNull();
  });

  it.each([
    '../escape.txt',
    '/abs.txt',
    'a//b',
    'a/../../b',
    'a\\b',
  ])('refuses the unsafe key %s', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  });
});
