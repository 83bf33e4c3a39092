import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedSecret } from './shared-secret';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';

describe.each(ENGINES)('a secret shared by the instances of one database, on %s', (engine) => {
	let test: TestDatabase;
	beforeEach(async () => {
		test = await testDatabase(engine);
	});
	afterEach(() => test.destroy());

	it('of ten instances starting at once with their own candidates, all end up with the same one', async () => {
		const agreed = await Promise.all(
			Array.from({ length: 10 }, (_, i) => sharedSecret(test.db, 'callback', `candidate-${i}`))
		);
		expect(new Set(agreed).size).toBe(1);
		expect(agreed[0]).toMatch(/^candidate-\d$/);
		expect(await sharedSecret(test.db, 'callback', 'a-later-start')).toBe(agreed[0]);
		expect(await sharedSecret(test.db, 'other', 'x')).toBe('x');
	});
});
