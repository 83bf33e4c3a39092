// The files port's storage: where bytes are kept, by key. The local-disk adapter is the default;
// another adapter (an object store) implements the same four calls.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface FileStorage {
	/** Keeps `bytes` under a new random key, all or nothing, and returns the key. */
	put(bytes: Uint8Array): Promise<string>;
	/** The bytes under `key`, or null when there are none. */
	get(key: string): Promise<Buffer | null>;
	/** Removes `key`; a missing key is not an error (cleanup may run twice). */
	delete(key: string): Promise<void>;
}

// 32 hex digits: 128 random bits, nothing of the uploader's name or the content.
const KEY = /^[0-9a-f]{32}$/;
const TEMP = '.tmp';

/**
 * Files under `dir`, two hex digits of fan-out (ab/ab12…). A write goes to `dir/.tmp` first, is
 * flushed, then renamed into place: rename within one file system is atomic, so a crash leaves at
 * most a stray temporary file (removed by `sweepTemporary`), never half a file under its key.
 */
export function localDiskStorage(dir: string): FileStorage & {
	dir: string;
	sweepTemporary(olderThanMs?: number): Promise<void>;
} {
	const pathOf = (key: string) => {
		if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
		return join(dir, key.slice(0, 2), key);
	};
	return {
		dir,
		async put(bytes) {
			const key = randomBytes(16).toString('hex');
			const temp = join(dir, TEMP, `${key}.part`);
			await mkdir(join(dir, TEMP), { recursive: true, mode: 0o700 });
			await mkdir(join(dir, key.slice(0, 2)), { recursive: true, mode: 0o700 });
			try {
				const handle = await open(temp, 'wx', 0o600);
				try {
					await handle.writeFile(bytes);
					await handle.sync();
				} finally {
					await handle.close();
				}
				await rename(temp, pathOf(key));
			} catch (error) {
				await rm(temp, { force: true });
				throw error;
			}
			return key;
		},
		async get(key) {
			try {
				return await readFile(pathOf(key));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
				throw error;
			}
		},
		async delete(key) {
			try {
				await unlink(pathOf(key));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
			}
		},
		/**
		 * Removes what writes interrupted by a crash left in the temporary folder; only files older
		 * than `olderThanMs`, since another instance sharing the folder may be writing right now.
		 */
		async sweepTemporary(olderThanMs = 60 * 60 * 1000) {
			const names = await readdir(join(dir, TEMP)).catch(() => [] as string[]);
			const cutoff = Date.now() - olderThanMs;
			for (const name of names) {
				const path = join(dir, TEMP, name);
				const info = await stat(path).catch(() => null);
				if (info && info.mtimeMs < cutoff) await rm(path, { force: true });
			}
		}
	};
}
