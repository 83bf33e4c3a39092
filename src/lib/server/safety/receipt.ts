// The reporter's receipt code: 100 random bits in Crockford's base32, shown once in groups of four
// (`7K3M-…`), stored only as its SHA-256. With that much randomness a fast hash is enough: no one
// can guess a code, only steal one, and the passphrase (argon2id) guards against that.
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../identity';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 20;

export function newReceiptCode(): string {
	const chars = [...randomBytes(LENGTH)].map((b) => ALPHABET[b & 31]).join('');
	return chars.match(/.{4}/g)!.join('-');
}

/**
 * What a reporter typed → the code's canonical form, or null when it cannot be one. Case, spaces
 * and dashes do not matter, and the letters Crockford reads as digits (O, I, L) are read so.
 */
export function normaliseReceiptCode(typed: string): string | null {
	const compact = typed
		.toUpperCase()
		.replace(/[\s-]/g, '')
		.replace(/O/g, '0')
		.replace(/[IL]/g, '1');
	if (compact.length !== LENGTH || [...compact].some((c) => !ALPHABET.includes(c))) return null;
	return compact.match(/.{4}/g)!.join('-');
}

export function receiptHash(code: string): string {
	return hashSecret(code);
}
