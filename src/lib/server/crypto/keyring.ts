// The site's one key for secrets at rest (payout accounts, safety reports): AES-256-GCM with
// versioned, rotatable keys, each value authenticated with the id of the row it belongs to. The
// key lives outside the database (configuration or a 0600 key file beside it); nothing here knows
// what the values are.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export class KeyError extends Error {
	override name = 'KeyError';
}

export interface Keyring {
	/** The id of the key new values are encrypted with. */
	currentId: string;
	/** `rowId` is authenticated with the value: decrypting it under another id fails. */
	encrypt(plain: string, rowId: string): string;
	decrypt(stored: string, rowId: string): string;
}

const PREFIX = 'v1';

/** A key's id: the first 8 hex digits of its SHA-256, so the key itself never appears. */
export function keyId(key: Buffer): string {
	return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function decodeKey(base64: string): Buffer {
	const key = Buffer.from(base64.trim(), 'base64');
	if (key.length !== 32) throw new KeyError('a key must be 32 bytes in base64');
	return key;
}

/**
 * Encrypts with the first key, decrypts with whichever key a stored value names: older keys stay
 * in the list after a rotation until every value was re-encrypted. The row id is authenticated
 * with each value, so a ciphertext copied onto another row is refused.
 */
export function keyring(keys: Buffer[]): Keyring {
	if (keys.length === 0) throw new KeyError('no key');
	const byId = new Map(keys.map((k) => [keyId(k), k]));
	const current = keys[0]!;
	const currentId = keyId(current);
	return {
		currentId,
		encrypt(plain, rowId) {
			const iv = randomBytes(12);
			const cipher = createCipheriv('aes-256-gcm', current, iv);
			cipher.setAAD(Buffer.from(rowId));
			const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
			const tag = cipher.getAuthTag();
			return [PREFIX, currentId, iv, tag, body]
				.map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
				.join(':');
		},
		decrypt(stored, rowId) {
			const [prefix, id, ...rest] = stored.split(':');
			if (prefix !== PREFIX || id === undefined || rest.length !== 3) {
				throw new KeyError('stored value is not in a known format');
			}
			const key = byId.get(id);
			if (!key) {
				throw new KeyError(`stored value was encrypted with key ${id}, which is not configured`);
			}
			const [iv, tag, body] = rest.map((p) => Buffer.from(p, 'base64url')) as [
				Buffer,
				Buffer,
				Buffer
			];
			try {
				const decipher = createDecipheriv('aes-256-gcm', key, iv);
				decipher.setAAD(Buffer.from(rowId));
				decipher.setAuthTag(tag);
				return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
			} catch {
				throw new KeyError('stored value failed authentication: altered or wrong key');
			}
		}
	};
}

/**
 * The key from configuration or, when unset, from `file` (created once with 0600 and reused).
 * A key file others can read is refused rather than used: its secrecy is already in doubt.
 */
export function loadKeys(options: { configured?: string; old?: string[]; file: string }): Buffer[] {
	const old = (options.old ?? []).map(decodeKey);
	if (options.configured) return [decodeKey(options.configured), ...old];
	if (!existsSync(options.file)) {
		mkdirSync(dirname(options.file), { recursive: true });
		try {
			writeFileSync(options.file, randomBytes(32).toString('base64') + '\n', {
				mode: 0o600,
				flag: 'wx'
			});
			// The umask may have narrowed the mode further, never widened it; make it exact.
			chmodSync(options.file, 0o600);
		} catch (error) {
			// Another instance on this folder wrote it first: use theirs.
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
	}
	if ((statSync(options.file).mode & 0o077) !== 0) {
		throw new KeyError(
			`${options.file} may be read by other users; make it owner-only (chmod 600) or set EXPENSE_ACCOUNT_KEY`
		);
	}
	return [decodeKey(readFileSync(options.file, 'utf8')), ...old];
}

/**
 * A keyring built on first use: a server that never encrypts or decrypts anything neither needs
 * nor creates a key file.
 */
export function lazyKeyring(build: () => Keyring): Keyring {
	let keyring: Keyring | undefined;
	const get = () => (keyring ??= build());
	return {
		get currentId() {
			return get().currentId;
		},
		encrypt: (plain, rowId) => get().encrypt(plain, rowId),
		decrypt: (stored, rowId) => get().decrypt(stored, rowId)
	};
}

/**
 * The keyring of the configuration: `EXPENSE_ACCOUNT_KEY` (and `EXPENSE_ACCOUNT_OLD_KEYS`), or
 * the key file `expense-account.key` beside the SQLite file. One for the process, built on first use.
 */
export function configuredKeyring(config: {
	EXPENSE_ACCOUNT_KEY?: string;
	EXPENSE_ACCOUNT_OLD_KEYS: string[];
	DATABASE_FILE: string;
}): Keyring {
	return lazyKeyring(() =>
		keyring(
			loadKeys({
				configured: config.EXPENSE_ACCOUNT_KEY,
				old: config.EXPENSE_ACCOUNT_OLD_KEYS,
				file: join(dirname(config.DATABASE_FILE), 'expense-account.key')
			})
		)
	);
}
