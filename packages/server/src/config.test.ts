import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT, sqliteFileFromUrl } from './config';

describe('configuration', () => {
  it('has working defaults: port 8080, SQLite under ./data, local files', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('sqlite:./data/pvplan.db');
    expect(sqliteFileFromUrl(config.DATABASE_URL)).toBe(`${REPO_ROOT}/data/pvplan.db`);
    expect(config.filesDirAbsolute).toBe(`${REPO_ROOT}/data/files`);
    expect(config.STORAGE_DRIVER).toBe('local');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', WORKER_MODE: 'sometimes' })).toThrow(/PORT.*WORKER_MODE/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });
});
