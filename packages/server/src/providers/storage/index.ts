import type { Config } from '../../config';
import { LocalFolderStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export type { ObjectStorage, StoredObject } from './object-storage';

export function createObjectStorage(config: Config): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalFolderStorage(config.filesDirAbsolute);
}
