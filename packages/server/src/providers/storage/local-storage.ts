import fs from 'node:fs';
import path from 'node:path';
import { assertSafeKey, type ObjectStorage, type StoredObject } from './object-storage';

/** Objects as files under one folder (the embedded default). */
export class LocalFolderStorage implements ObjectStorage {
  readonly name = 'local';

  constructor(private readonly rootDir: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.rootDir, key);
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.partial`;
    await fs.promises.writeFile(temporary, body);
    await fs.promises.rename(temporary, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(target);
      return { body: fs.createReadStream(target), sizeBytes: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
