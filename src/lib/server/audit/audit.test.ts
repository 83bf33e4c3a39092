import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { forget, record, trail } from '.';

describe.each(ENGINES)('audit log on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
	});
	afterEach(() => test.destroy());

	it("gives a thing's trail in the order it was written, also within one millisecond", async () => {
		const at = new Date('2026-11-23T12:00:00.000Z');
		const actions = Array.from({ length: 20 }, (_, i) => `step-${i}`);
		for (const action of actions) {
			await record(db, { actor: 'u1', subjectType: 'claim', subjectId: 'c1', action, at });
		}
		await record(db, { actor: 'u2', subjectType: 'claim', subjectId: 'c2', action: 'other' });
		const entries = await trail(db, 'claim', 'c1');
		expect(entries.map((e) => e.action)).toEqual(actions);
		expect(entries[0]).toMatchObject({ at: at.toISOString(), actor: 'u1', details: {} });
	});

	it('keeps details as JSON and forgets the entries of deleted things only', async () => {
		await record(db, {
			actor: 'system:job',
			subjectType: 'claim',
			subjectId: 'c1',
			action: 'reject',
			details: { reason: 'Missing receipt', amount: 12_50 }
		});
		await record(db, { actor: 'u1', subjectType: 'claim', subjectId: 'c2', action: 'create' });
		expect((await trail(db, 'claim', 'c1'))[0]?.details).toEqual({
			reason: 'Missing receipt',
			amount: 1250
		});
		expect(await forget(db, 'claim', ['c1'])).toBe(1);
		expect(await trail(db, 'claim', 'c1')).toEqual([]);
		expect(await trail(db, 'claim', 'c2')).toHaveLength(1);
	});
});
