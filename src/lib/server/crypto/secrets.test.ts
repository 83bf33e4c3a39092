import { describe, expect, it } from 'vitest';
import { secretsEqual } from './secrets';

describe('secret comparison', () => {
	it('accepts only the identical secret', () => {
		expect(secretsEqual('s3cret-token-value', 's3cret-token-value')).toBe(true);
		expect(secretsEqual('s3cret-token-valuE', 's3cret-token-value')).toBe(false);
		expect(secretsEqual('', 's3cret-token-value')).toBe(false);
		expect(secretsEqual('s3cret-token-value-longer', 's3cret-token-value')).toBe(false);
	});
});
