import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eachTestDatabase, ENGINES } from '../db/test-db';
import { seedDemo } from '../db/seed';
import { forget, recent, record, recordChange, trail } from '.';
import { namedTrail } from './named';

describe.each(ENGINES)('audit log on %s', (engine) => {
	const on = eachTestDatabase(engine);

	it("gives a thing's trail in the order it was written, also within one millisecond", async () => {
		const at = new Date('2026-11-23T12:00:00.000Z');
		const actions = Array.from({ length: 20 }, (_, i) => `step-${i}`);
		for (const action of actions) {
			await record(on.db, { actor: 'u1', subjectType: 'claim', subjectId: 'c1', action, at });
		}
		await record(on.db, { actor: 'u2', subjectType: 'claim', subjectId: 'c2', action: 'other' });
		const entries = await trail(on.db, 'claim', 'c1');
		expect(entries.map((e) => e.action)).toEqual(actions);
		expect(entries[0]).toMatchObject({ at: at.toISOString(), actor: 'u1', details: {} });
	});

	it('keeps details as JSON and forgets the entries of deleted things only', async () => {
		await record(on.db, {
			actor: 'system:job',
			subjectType: 'claim',
			subjectId: 'c1',
			action: 'reject',
			details: { reason: 'Missing receipt', amount: 12_50 }
		});
		await record(on.db, { actor: 'u1', subjectType: 'claim', subjectId: 'c2', action: 'create' });
		expect((await trail(on.db, 'claim', 'c1'))[0]?.details).toEqual({
			reason: 'Missing receipt',
			amount: 1250
		});
		expect(await forget(on.db, 'claim', ['c1'])).toBe(1);
		expect(await trail(on.db, 'claim', 'c1')).toEqual([]);
		expect(await trail(on.db, 'claim', 'c2')).toHaveLength(1);
	});

	it('records a change with the fields it changed, as they were and became, and skips a change of nothing', async () => {
		const before = { title_no: 'Julebord', price_ore: 29900, location: 'Huset' };
		await recordChange(on.db, {
			actor: 'admin',
			subjectType: 'event',
			subjectId: 'e1',
			action: 'update',
			before,
			after: { ...before, price_ore: 34900, location: 'Aulaen' }
		});
		const none = await recordChange(on.db, {
			actor: 'admin',
			subjectType: 'event',
			subjectId: 'e1',
			action: 'update',
			before,
			after: { ...before }
		});
		expect(none).toBeNull();
		await recordChange(on.db, {
			actor: 'admin',
			subjectType: 'event',
			subjectId: 'e1',
			action: 'delete',
			before,
			after: null
		});
		const entries = await trail(on.db, 'event', 'e1');
		expect(entries.map((e) => e.details)).toEqual([
			{
				before: { price_ore: 29900, location: 'Huset' },
				after: { price_ore: 34900, location: 'Aulaen' }
			},
			{ before, after: null }
		]);
	});

	it('lists the latest entries, newest first, of the kinds asked for', async () => {
		for (const [type, id] of [
			['event', 'e1'],
			['claim', 'c1'],
			['event', 'e2']
		] as const) {
			await record(on.db, { actor: 'u1', subjectType: type, subjectId: id, action: 'x' });
		}
		expect((await recent(on.db, { limit: 2 })).map((e) => e.subjectId)).toEqual(['e2', 'c1']);
		expect(
			(await recent(on.db, { limit: 5, subjectTypes: ['event'] })).map((e) => e.subjectId)
		).toEqual(['e2', 'e1']);
	});

	it("names, in the reader's language, the unit, category and account a trail's fields refer to", async () => {
		await seedDemo(on.db, new Date('2026-11-23T12:00:00.000Z'));
		const admin = { id: randomUUID(), name: 'Ada Admin' };
		await on.db
			.insertInto('users')
			.values({
				...admin,
				email: 'ada@example.org',
				password_hash: null,
				locale: 'no',
				created_at: '2026-01-01T00:00:00.000Z',
				email_verified_at: null
			})
			.execute();
		await record(on.db, {
			actor: admin.id,
			subjectType: 'product',
			subjectId: 'p1',
			action: 'updated',
			details: {
				before: { unitId: null, category: 'other', owner: null },
				after: { unitId: 'events-oslo', category: 'clothing', owner: admin.id }
			}
		});
		const english = await namedTrail(on.db, 'product', 'p1', 'en');
		expect(english.entries[0]?.actorName).toBe(admin.name);
		expect(english.names).toMatchObject({
			'events-oslo': 'Events Committee',
			clothing: 'Clothing',
			[admin.id]: admin.name
		});
		expect((await namedTrail(on.db, 'product', 'p1', 'no')).names).toMatchObject({
			'events-oslo': 'Arrangementsutvalget',
			clothing: 'Klær'
		});
	});
});
