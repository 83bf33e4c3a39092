import { mkdtempSync, readFileSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	AccountKeyError,
	accountKeyring,
	ibanMod97,
	loadAccountKeys,
	maskAccount,
	mod11CheckDigit,
	parsePayoutAccount
} from './account';

/** A valid Norwegian account number made from 10 digits by the MOD11 definition. */
function norwegian(first10: string): string {
	const check = mod11CheckDigit(first10);
	if (check === null) throw new Error('no check digit exists for these digits');
	return first10 + check;
}

/** A valid IBAN for a country and BBAN, check digits computed by ISO 13616. */
function iban(country: string, bban: string): string {
	const remainder = ibanMod97(`${country}00${bban}`);
	return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

describe('Norwegian account numbers', () => {
	it('accepts a number whose last digit is its MOD11 check digit, however it is grouped', () => {
		// The account inside the IBAN registry's Norwegian example, NO93 8601 1117 947.
		for (const typed of ['86011117947', '8601 11 17947', '8601.11.17947', ' 8601-11-17947 ']) {
			expect(parsePayoutAccount(typed)).toEqual({
				ok: true,
				account: { kind: 'no', value: '86011117947' }
			});
		}
		const made = norwegian('1234567890');
		expect(parsePayoutAccount(made)).toMatchObject({ ok: true });
	});

	it('uses check digit 0 when the weighted sum divides by 11', () => {
		// 1·5 + 0 + … + 0 + 3·2 = 11
		expect(mod11CheckDigit('1000000003')).toBe(0);
		expect(parsePayoutAccount('10000000030')).toMatchObject({ ok: true });
	});

	it('refuses any other last digit, and digits whose remainder is 1 (no check digit exists)', () => {
		const valid = norwegian('1234567890');
		const wrong = valid.slice(0, 10) + ((Number(valid[10]) + 1) % 10);
		expect(parsePayoutAccount(wrong)).toEqual({ ok: false, reason: 'checksum' });
		// 1·5 + 1·7 = 12, remainder 1: no digit can be right.
		expect(mod11CheckDigit('1000100000')).toBeNull();
		for (let d = 0; d <= 9; d++) {
			expect(parsePayoutAccount(`1000100000${d}`)).toEqual({ ok: false, reason: 'checksum' });
		}
	});

	it('refuses a number of the wrong length', () => {
		expect(parsePayoutAccount('8601111794')).toEqual({ ok: false, reason: 'length' });
		expect(parsePayoutAccount('860111179470')).toEqual({ ok: false, reason: 'length' });
		expect(parsePayoutAccount('   ')).toEqual({ ok: false, reason: 'empty' });
	});
});

describe('IBANs', () => {
	it('accepts the published examples, in print or electronic form', () => {
		const examples: [string, string][] = [
			['NO93 8601 1117 947', 'NO9386011117947'],
			['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
			['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
			['gb82west12345698765432', 'GB82WEST12345698765432']
		];
		for (const [typed, value] of examples) {
			expect(parsePayoutAccount(typed)).toEqual({ ok: true, account: { kind: 'iban', value } });
		}
	});

	it('accepts IBANs of each listed country made by the mod-97 definition', () => {
		const bbans: Record<string, string> = {
			SE: '50000000058398257466',
			DK: '00400440116243',
			FI: '12345600000785',
			NL: 'ABNA0417164300',
			FR: '20041010050500013M02606',
			ES: '21000418450200051332',
			IT: 'X0542811101000000123456',
			PL: '109010140000071219812874',
			LU: '0019400644750000'
		};
		for (const [country, bban] of Object.entries(bbans)) {
			expect(parsePayoutAccount(iban(country, bban)), country).toMatchObject({ ok: true });
		}
	});

	it('refuses a changed digit, swapped digits and a wrong length for the country', () => {
		expect(parsePayoutAccount('GB82WEST12345698765433')).toEqual({ ok: false, reason: 'checksum' });
		expect(parsePayoutAccount('GB82WEST12345698765423')).toEqual({ ok: false, reason: 'checksum' });
		expect(parsePayoutAccount('NO938601111794')).toEqual({ ok: false, reason: 'length' });
		expect(parsePayoutAccount(iban('DE', '3704004405320130001'))).toEqual({
			ok: false,
			reason: 'length'
		});
		expect(parsePayoutAccount('XX1234567')).toEqual({ ok: false, reason: 'length' });
		expect(parsePayoutAccount('N0 93 8601')).toEqual({ ok: false, reason: 'format' });
	});

	it('refuses a Norwegian IBAN whose account number fails its own MOD11 check', () => {
		const bad = iban('NO', '86011117948');
		expect(ibanMod97(bad)).toBe(1);
		expect(parsePayoutAccount(bad)).toEqual({ ok: false, reason: 'checksum' });
	});
});

describe('masking', () => {
	it('shows only the last four digits (and an IBAN country) to anyone but the claimant', () => {
		expect(maskAccount('86011117947')).toBe('•••• •• •7947');
		expect(maskAccount('GB82WEST12345698765432')).toBe('GB•• •••• •••• •••• ••54 32');
		expect(maskAccount('86011117947')).not.toContain('8601');
	});
});

describe('encryption at rest', () => {
	const key = randomBytes(32);

	it('reads back what it stored, and the stored text holds neither the account nor the key', () => {
		const keyring = accountKeyring([key]);
		const stored = keyring.encrypt('86011117947', 'claim-1');
		expect(stored).toMatch(new RegExp(`^v1:${keyring.currentId}:`));
		expect(stored).not.toContain('86011117947');
		expect(stored).not.toContain(key.toString('base64'));
		expect(keyring.decrypt(stored, 'claim-1')).toBe('86011117947');
		expect(keyring.encrypt('86011117947', 'claim-1')).not.toBe(stored);
	});

	it('says which key is missing when a value was encrypted with another key', () => {
		const stored = accountKeyring([key]).encrypt('86011117947', 'claim-1');
		const other = accountKeyring([randomBytes(32)]);
		expect(() => other.decrypt(stored, 'claim-1')).toThrow(AccountKeyError);
		expect(() => other.decrypt(stored, 'claim-1')).toThrow(/not configured/);
	});

	it('refuses a tampered ciphertext and a value moved onto another claim', () => {
		const keyring = accountKeyring([key]);
		const stored = keyring.encrypt('86011117947', 'claim-1');
		const parts = stored.split(':');
		const body = Buffer.from(parts[4]!, 'base64url');
		body[0] = body[0]! ^ 1;
		parts[4] = body.toString('base64url');
		expect(() => keyring.decrypt(parts.join(':'), 'claim-1')).toThrow(/failed authentication/);
		expect(() => keyring.decrypt(stored, 'claim-2')).toThrow(/failed authentication/);
	});

	it('after a rotation, encrypts with the new key and still reads values of the old one', () => {
		const old = accountKeyring([key]).encrypt('86011117947', 'claim-1');
		const rotated = accountKeyring([randomBytes(32), key]);
		expect(rotated.decrypt(old, 'claim-1')).toBe('86011117947');
		expect(rotated.encrypt('x', 'c').split(':')[1]).toBe(rotated.currentId);
		expect(rotated.currentId).not.toBe(old.split(':')[1]);
	});

	it('generates a key file once, owner-only, and reuses it', () => {
		const dir = mkdtempSync(join(tmpdir(), 'orgweb-key-'));
		const file = join(dir, 'sub', 'expense-account.key');
		const first = loadAccountKeys({ file });
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(loadAccountKeys({ file })[0]!.equals(first[0]!)).toBe(true);
		expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
	});

	it('prefers the configured key, and refuses a key file others may read', () => {
		const dir = mkdtempSync(join(tmpdir(), 'orgweb-key-'));
		const file = join(dir, 'expense-account.key');
		const configured = randomBytes(32);
		expect(loadAccountKeys({ configured: configured.toString('base64'), file })[0]).toEqual(
			configured
		);
		writeFileSync(file, randomBytes(32).toString('base64'));
		chmodSync(file, 0o644);
		expect(() => loadAccountKeys({ file })).toThrow(/chmod 600/);
		expect(() => loadAccountKeys({ configured: 'c2hvcnQ=', file })).toThrow(/32 bytes/);
	});
});
