// The claimant's payout account: a Norwegian account number (11 digits, MOD11 check digit) or an
// IBAN (ISO 13616, mod-97). Checked when typed, stored as digits/characters only, encrypted at rest
// with AES-256-GCM (crypto/keyring.ts, the claim id authenticated with it) and shown masked to
// everyone but the claimant.
import { KeyError, type Keyring } from '../crypto/keyring';
import type { Database } from '../db';
import { errorFields, log } from '../log';

export type PayoutAccount = { kind: 'no'; value: string } | { kind: 'iban'; value: string };
export type AccountRefusal = 'empty' | 'format' | 'checksum' | 'country' | 'length';
export type AccountCheck =
	{ ok: true; account: PayoutAccount } | { ok: false; reason: AccountRefusal };

const NO_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The MOD11 check digit of the first 10 digits; null when none exists (remainder 1). */
export function mod11CheckDigit(first10: string): number | null {
	let sum = 0;
	NO_WEIGHTS.forEach((weight, i) => (sum += Number(first10[i]) * weight));
	const remainder = sum % 11;
	if (remainder === 0) return 0;
	if (remainder === 1) return null;
	return 11 - remainder;
}

export function isValidNorwegianAccount(digits: string): boolean {
	if (!/^\d{11}$/.test(digits)) return false;
	return mod11CheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

// Lengths from the SWIFT IBAN registry; other countries get the generic 15–34 range.
const IBAN_LENGTHS: Record<string, number> = {
	NO: 15,
	SE: 24,
	DK: 18,
	DE: 22,
	GB: 22,
	FI: 18,
	NL: 18,
	FR: 27,
	ES: 24,
	IT: 27,
	PL: 28,
	IS: 26,
	BE: 16,
	AT: 20,
	CH: 21,
	IE: 22,
	PT: 25,
	EE: 20,
	LT: 20,
	LV: 21
};

/** ISO 13616 mod-97 of an IBAN (upper case, no spaces): 1 for a valid one. */
export function ibanMod97(iban: string): number {
	const rearranged = iban.slice(4) + iban.slice(0, 4);
	let remainder = 0;
	for (const char of rearranged) {
		const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
		for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
	}
	return remainder;
}

/**
 * What a person typed → the account to store, or why not. Spaces, dots and dashes are how people
 * group digits ("1234.56.78903", "NO93 8601 1117 947"); they are dropped.
 */
export function parsePayoutAccount(input: string): AccountCheck {
	const compact = input.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
	if (compact === '') return { ok: false, reason: 'empty' };
	if (/^\d+$/.test(compact)) {
		if (compact.length !== 11) return { ok: false, reason: 'length' };
		return isValidNorwegianAccount(compact)
			? { ok: true, account: { kind: 'no', value: compact } }
			: { ok: false, reason: 'checksum' };
	}
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return { ok: false, reason: 'format' };
	const country = compact.slice(0, 2);
	const expected = IBAN_LENGTHS[country];
	if (
		expected !== undefined
			? compact.length !== expected
			: compact.length < 15 || compact.length > 34
	) {
		return { ok: false, reason: 'length' };
	}
	if (ibanMod97(compact) !== 1) return { ok: false, reason: 'checksum' };
	// A Norwegian IBAN carries a Norwegian account number, with its own check digit.
	if (country === 'NO' && !isValidNorwegianAccount(compact.slice(4))) {
		return { ok: false, reason: 'checksum' };
	}
	return { ok: true, account: { kind: 'iban', value: compact } };
}

/** "12345678903" → "1234 56 78903"; an IBAN in groups of four. */
export function formatAccount(value: string): string {
	if (value.length === 11 && !/^[A-Z]{2}/.test(value))
		return `${value.slice(0, 4)} ${value.slice(4, 6)} ${value.slice(6)}`;
	return value.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * For everyone but the claimant: "•••• •• •8903", "NO•• •••• •••• 947"-style, the last four
 * characters (and an IBAN's country) left to tell accounts apart.
 */
export function maskAccount(value: string): string {
	const keepFrom = value.length - 4;
	const isIban = !/^\d+$/.test(value);
	const masked = [...value].map((c, i) => (i >= keepFrom || (isIban && i < 2) ? c : '•')).join('');
	return formatAccount(masked);
}

// Encryption at rest is the site's one keyring (crypto/keyring.ts), under the names the expenses
// code has always used.
export {
	KeyError as AccountKeyError,
	keyring as accountKeyring,
	lazyKeyring,
	loadKeys as loadAccountKeys,
	type Keyring as AccountKeyring
} from '../crypto/keyring';

/**
 * The stored account in clear, or null. A key that cannot decrypt it (restored without the key
 * file, a wrong key configured) shows the claim without it rather than failing the page; the
 * operator hears of it in the log.
 */
export function readAccount(
	keyring: Keyring,
	claim: Pick<Database['expense_claims'], 'id' | 'payout_account'>
): string | null {
	if (!claim.payout_account) return null;
	try {
		return keyring.decrypt(claim.payout_account, claim.id);
	} catch (error) {
		if (!(error instanceof KeyError)) throw error;
		log.error('payout account unreadable', { claim: claim.id, ...errorFields(error) });
		return null;
	}
}
