import type { Config } from '../config.ts';
import { createDiskStore } from './disk.ts';
import { createS3Store } from './s3.ts';
import type { FileStore } from './store.ts';

/** The configured store: an S3-compatible bucket when S3_ENDPOINT/S3_BUCKET are set, else the disk (FILES_DIR). */
export function createFileStore(config: Pick<Config, 'files'>): FileStore {
  return config.files.s3 ? createS3Store(config.files.s3) : createDiskStore(config.files.dir);
}
