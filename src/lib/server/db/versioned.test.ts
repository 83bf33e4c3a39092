import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordChange, trail } from '../audit';
import { Conflict, NotFound } from '../errors';
import type { Db } from './index';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';
import { versioned } from './versioned';

// The one way a record changes under the version its form was made on: a contact message stands
// in for every versioned table, the site's audit log for the entry each change writes.
const now = new Date('2026-11-27T12:00:00.000Z');

async function message(db: Db, id: string) {
	await db
		.insertInto('contact_messages')
		.values({
			id,
			name: 'Kari',
			email: 'kari@example.org',
			subject: 'Hei',
			message: 'Når åpner dere?',
			locale: 'no',
			created_at: now.toISOString(),
			mail_id: null
		})
		.execute();
}

const stored = (db: Db, id: string) =>
	db
		.selectFrom('contact_messages')
		.select(['id', 'status', 'version'])
		.where('id', '=', id)
		.executeTakeFirst();

/** Marks the message handled on `version`, with the audit entry `audit` writes. */
function handle(
	db: Db,
	id: string,
	version: number,
	audit: (trx: Db) => Promise<unknown> = (trx) =>
		recordChange(trx, {
			actor: 'u1',
			subjectType: 'contact_message',
			subjectId: id,
			action: 'status',
			at: now,
			before: { status: 'new' },
			after: { status: 'handled' }
		})
) {
	return versioned(db, {
		table: 'contact_messages',
		key: { column: 'id', value: id },
		version,
		read: (trx) => stored(trx, id),
		change: async () => ({ set: { status: 'handled' }, done: 'handled' }),
		audit: (trx) => audit(trx)
	});
}

describe.each(ENGINES)('a versioned change (%s)', (engine) => {
	let t: TestDatabase;
	beforeEach(async () => {
		t = await testDatabase(engine);
		await message(t.db, 'm1');
	});
	afterEach(() => t.destroy());

	it('moves the version on by one and writes its audit entry with it', async () => {
		expect(await handle(t.db, 'm1', 1)).toBe('handled');
		expect(await stored(t.db, 'm1')).toEqual({ id: 'm1', status: 'handled', version: 2 });
		const entries = await trail(t.db, 'contact_message', 'm1');
		expect(entries.map((e) => [e.action, e.details])).toEqual([
			['status', { before: { status: 'new' }, after: { status: 'handled' } }]
		]);
	});

	it('made on an older version is a Conflict carrying the row as stored now, and writes nothing', async () => {
		await handle(t.db, 'm1', 1);
		const stale = await handle(t.db, 'm1', 1).catch((e: unknown) => e);
		expect(stale).toBeInstanceOf(Conflict);
		expect((stale as Conflict).current).toEqual({ id: 'm1', status: 'handled', version: 2 });
		expect((await stored(t.db, 'm1'))?.version).toBe(2);
		expect(await trail(t.db, 'contact_message', 'm1')).toHaveLength(1);
	});

	it('two made at once on the same version: one is written, the other is a Conflict', async () => {
		const results = await Promise.allSettled([handle(t.db, 'm1', 1), handle(t.db, 'm1', 1)]);
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
		const refused = results.find((r) => r.status === 'rejected');
		expect(refused?.reason).toBeInstanceOf(Conflict);
		expect((refused?.reason as Conflict).current).toEqual({
			id: 'm1',
			status: 'handled',
			version: 2
		});
		expect((await stored(t.db, 'm1'))?.version).toBe(2);
		expect(await trail(t.db, 'contact_message', 'm1')).toHaveLength(1);
	});

	it('whose audit entry fails is not written at all', async () => {
		const failing = handle(t.db, 'm1', 1, () => Promise.reject(new Error('log is full')));
		await expect(failing).rejects.toThrow('log is full');
		expect(await stored(t.db, 'm1')).toEqual({ id: 'm1', status: 'new', version: 1 });
	});

	it('refused by its own rule answers the refusal and keeps none of its writes', async () => {
		const answer = await versioned(t.db, {
			table: 'contact_messages',
			key: { column: 'id', value: 'm1' },
			version: 1,
			read: (trx) => stored(trx, 'm1'),
			change: async (trx) => {
				await trx.updateTable('contact_messages').set({ status: 'handled' }).execute();
				return { refused: 'not_allowed' as const };
			},
			audit: () => Promise.reject(new Error('a refusal has no audit entry'))
		});
		expect(answer).toBe('not_allowed');
		expect(await stored(t.db, 'm1')).toEqual({ id: 'm1', status: 'new', version: 1 });
	});

	it('of a row that is not there is NotFound', async () => {
		await expect(handle(t.db, 'nobody', 1)).rejects.toBeInstanceOf(NotFound);
	});

	it('that removes the row deletes it at that version, with its audit entry', async () => {
		const remove = (version: number) =>
			versioned(t.db, {
				table: 'contact_messages',
				key: { column: 'id', value: 'm1' },
				version,
				read: (trx) => stored(trx, 'm1'),
				change: async () => ({ remove: true as const, done: 'removed' }),
				audit: (trx, before) =>
					recordChange(trx, {
						actor: 'u1',
						subjectType: 'contact_message',
						subjectId: 'm1',
						action: 'delete',
						at: now,
						before,
						after: null
					})
			});
		await expect(remove(7)).rejects.toBeInstanceOf(Conflict);
		expect(await stored(t.db, 'm1')).toBeDefined();
		expect(await remove(1)).toBe('removed');
		expect(await stored(t.db, 'm1')).toBeUndefined();
		expect((await trail(t.db, 'contact_message', 'm1')).map((e) => e.action)).toEqual(['delete']);
	});
});
