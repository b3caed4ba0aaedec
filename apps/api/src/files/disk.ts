import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertSha256, type FileStore, sha256Of } from './store.ts';

/**
 * Files on disk: `{dir}/{aa}/{sha256}`. A file is written to a temporary name in the same folder, flushed, then
 * hard-linked to its final name, which fails rather than replace an existing file: a reader never sees half a file
 * and a stored file is never overwritten.
 */
export function createDiskStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const pathOf = (sha256: string) => path.join(root, assertSha256(sha256).slice(0, 2), sha256);

  const exists = async (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  return {
    kind: 'disk',
    async put(data) {
      const sha256 = sha256Of(data);
      const file = pathOf(sha256);
      if (await exists(file)) return { sha256, size: data.length };
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await link(temporary, file);
      } catch (error) {
        // Another request stored the same bytes meanwhile: theirs stays.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await unlink(temporary).catch(() => {});
      }
      return { sha256, size: data.length };
    },
    async get(sha256) {
      try {
        return await readFile(pathOf(sha256));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    has: (sha256) => exists(pathOf(sha256)),
    async delete(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
    async list() {
      const out: string[] = [];
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdir(path.join(root, folder))) if (/^[0-9a-f]{64}$/.test(name)) out.push(name);
      }
      return out.sort();
    },
  };
}
