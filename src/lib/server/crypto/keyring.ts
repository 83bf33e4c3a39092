// The site's one key for secrets at rest (payout accounts, safety reports): AES-256-GCM with
// versioned, rotatable keys, each value authenticated with the id of the row it belongs to. The
// key lives outside the database (configuration or a 0600 key file beside it); nothing here knows
// what the values are. The same keys also give Ed25519 signing keys, one per purpose (HKDF with
// the purpose as its label), for what is verified with a public key alone (tickets at the door).
import {
	createCipheriv,
	createDecipheriv,
	createHash,
	createPrivateKey,
	createPublicKey,
	hkdfSync,
	randomBytes,
	type KeyObject
} from 'node:crypto';
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
	/** The Ed25519 keys for `purpose`: signing with the current key's, verifying with every key's. */
	signingKeys(purpose: string): SigningKeys;
}

export interface PublicSigningKey {
	/** The first 8 hex digits of the SHA-256 of the raw public key. */
	id: string;
	key: KeyObject;
	/** The 32 raw bytes of the public key, base64url: what a browser imports into WebCrypto. */
	raw: string;
}

export interface SigningKeys {
	current: PublicSigningKey & { privateKey: KeyObject };
	/** Every configured key's public key, the current first: older ones verify after a rotation. */
	verifying: PublicSigningKey[];
}

// PKCS#8 for an Ed25519 private key is this fixed header followed by the 32-byte seed (RFC 8410).
const ED25519_PKCS8_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key pair derived from `key` for `purpose`; a new purpose never reuses another's. */
export function derivedSigningKey(key: Buffer, purpose: string): SigningKeys['current'] {
	const seed = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `orgweb ${purpose}`, 32));
	const privateKey = createPrivateKey({
		key: Buffer.concat([ED25519_PKCS8_HEADER, seed]),
		format: 'der',
		type: 'pkcs8'
	});
	const publicKey = createPublicKey(privateKey);
	const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
	return { id: keyId(raw), key: publicKey, raw: raw.toString('base64url'), privateKey };
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
	const signing = new Map<string, SigningKeys>();
	return {
		currentId,
		signingKeys(purpose) {
			let found = signing.get(purpose);
			if (!found) {
				const pairs = keys.map((k) => derivedSigningKey(k, purpose));
				found = {
					current: pairs[0]!,
					verifying: pairs.map(({ id, key, raw }) => ({ id, key, raw }))
				};
				signing.set(purpose, found);
			}
			return found;
		},
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
		decrypt: (stored, rowId) => get().decrypt(stored, rowId),
		signingKeys: (purpose) => get().signingKeys(purpose)
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
