import { describe, expect, it } from 'vitest';
import { isCronSecretValid } from './cron-secret';

const SECRET = 'a-cron-secret-of-32-characters!!';

describe('cron secret', () => {
	it('opens only for the configured secret', () => {
		expect(isCronSecretValid(SECRET, SECRET)).toBe(true);
		expect(isCronSecretValid(SECRET.slice(0, -1), SECRET)).toBe(false);
		expect(isCronSecretValid(undefined, SECRET)).toBe(false);
		expect(isCronSecretValid('', SECRET)).toBe(false);
	});

	it('stays shut when no secret, or one shorter than 16 characters, is configured', () => {
		expect(isCronSecretValid('', undefined)).toBe(false);
		expect(isCronSecretValid('', '')).toBe(false);
		expect(isCronSecretValid('short-secret', 'short-secret')).toBe(false);
		expect(isCronSecretValid('exactly-16-chars', 'exactly-16-chars')).toBe(true);
	});
});
