import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './dialect';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	const user = (id: string, email: string | null) => ({
		id,
		email,
		name: 'X',
		created_at: '2026-11-23T12:00:00.000Z'
	});

	beforeEach(async () => {
		test = await testDatabase(engine);
		await test.db.insertInto('users').values(user('u1', 'one@example.org')).execute();
	});
	afterEach(() => test.destroy());

	const refusal = (run: () => Promise<unknown>) =>
		run().then(
			() => {
				throw new Error('the statement was not refused');
			},
			(error: unknown) => error
		);

	it('tells a duplicate unique value or primary key from other refusals', async () => {
		const { db } = test;
		const duplicateEmail = await refusal(() =>
			db.insertInto('users').values(user('u2', 'one@example.org')).execute()
		);
		const duplicateId = await refusal(() =>
			db.insertInto('users').values(user('u1', 'other@example.org')).execute()
		);
		const missingName = await refusal(() =>
			db
				.insertInto('users')
				.values({ ...user('u3', 'three@example.org'), name: null as unknown as string })
				.execute()
		);
		const unknownUser = await refusal(() =>
			db
				.insertInto('sessions')
				.values({
					id: 's1',
					user_id: 'nobody',
					secret_hash: 'h',
					created_at: '2026-11-23T12:00:00.000Z',
					expires_at: '2026-11-24T12:00:00.000Z'
				})
				.execute()
		);
		expect([duplicateEmail, duplicateId, missingName, unknownUser].map(isUniqueViolation)).toEqual([
			true,
			true,
			false,
			false
		]);
	});
});
