import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from './index';
import { openPostgres, type PostgresDatabase } from './postgres';
import { createPgDatabase } from './test-db';

let dir: string;
let file: string;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'orgweb-db-'));
	file = join(dir, 'test.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function withNotes() {
	const { db, changes } = openDatabase(file);
	await sql`create table notes (id integer primary key, text text)`.execute(db);
	let writes = 0;
	changes.onWrite(() => (writes += 1));
	return { db, changes, writes: () => writes };
}

describe('what tells the server its data changed', () => {
	it('a statement that changes rows is heard; a read or a write that changes nothing is not', async () => {
		const { db, writes } = await withNotes();
		await db
			.insertInto('notes' as never)
			.values({ text: 'a' } as never)
			.execute();
		expect(writes()).toBe(1);
		await sql`select * from notes`.execute(db);
		await sql`update notes set text = 'b' where id = 999`.execute(db);
		expect(writes()).toBe(1);
		await db.destroy();
	});

	it('a write to a table no page shows (sessions, outbox, claims) is not heard', async () => {
		const { db, changes } = openDatabase(file);
		await sql`create table sessions (id text primary key)`.execute(db);
		await sql`create table products (id text primary key)`.execute(db);
		let writes = 0;
		changes.onWrite(() => (writes += 1));
		await db
			.insertInto('sessions')
			.values({ id: 's1' } as never)
			.execute();
		await db.deleteFrom('sessions').where('id', '=', 's1').execute();
		expect(writes).toBe(0);
		await db
			.insertInto('products')
			.values({ id: 'p1' } as never)
			.execute();
		expect(writes).toBe(1);
		await db.destroy();
	});

	it("another process's commit is seen once; the server's own writes are not counted as one", async () => {
		const { db, changes } = await withNotes();
		expect(changes.changedElsewhere()).toBe(false);
		await sql`insert into notes (text) values ('mine')`.execute(db);
		expect(changes.changedElsewhere()).toBe(false);

		const other = new SQLite(file);
		other.prepare("insert into notes (text) values ('theirs')").run();
		other.close();
		expect(changes.changedElsewhere()).toBe(true);
		expect(changes.changedElsewhere()).toBe(false);
		await db.destroy();
	});

	it('a transaction that reads, then writes, is not refused because another connection wrote in between', async () => {
		const { db } = await withNotes();
		const other = new SQLite(file);
		other.pragma('busy_timeout = 0');
		let otherWrote = true;
		await db.transaction().execute(async (trx) => {
			await sql`select count(*) from notes`.execute(trx);
			try {
				other.prepare("insert into notes (text) values ('theirs')").run();
			} catch {
				otherWrote = false;
			}
			await sql`insert into notes (text) values ('mine')`.execute(trx);
		});
		other.close();
		// The transaction held the write lock from its start: the other connection had to wait.
		expect(otherWrote).toBe(false);
		const texts = (await sql<{ text: string }>`select text from notes`.execute(db)).rows;
		expect(texts.map((r) => r.text)).toEqual(['mine']);
		await db.destroy();
	});

	it('a repeated query reads fresh rows every time', async () => {
		const { db } = await withNotes();
		const count = async () =>
			(await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n;
		expect(await count()).toBe(0);
		await sql`insert into notes (text) values ('x')`.execute(db);
		expect(await count()).toBe(1);
		await db.destroy();
	});
});

// PostgreSQL: what a connection of this instance commits is reported when it commits; what other
// instances commit arrives by NOTIFY on the change feed.
describe('the PostgreSQL change feed', () => {
	let url: string;
	let drop: () => Promise<void>;
	const opened: PostgresDatabase[] = [];

	beforeEach(async () => {
		({ url, drop } = await createPgDatabase(false));
		const admin = await open(false);
		await sql`create table notes (id serial primary key, text text)`.execute(admin.db);
	});
	afterEach(async () => {
		for (const instance of opened.splice(0)) await instance.db.destroy();
		await drop();
	});

	async function open(listen: boolean) {
		const instance = await openPostgres(url, { listen, poolMax: 5 });
		opened.push(instance);
		let heard = 0;
		instance.changes.onWrite(() => (heard += 1));
		return { ...instance, heard: () => heard };
	}

	const note = (db: Db | Transaction<Database>, text: string) =>
		sql`insert into notes (text) values (${text})`.execute(db);
	const notes = async (db: Db) =>
		(await sql<{ text: string }>`select text from notes order by id`.execute(db)).rows.map(
			(r) => r.text
		);

	/** Waits until `done()` holds, for at most `ms`. */
	async function until(done: () => boolean, ms = 5000) {
		const end = Date.now() + ms;
		while (!done()) {
			if (Date.now() > end) throw new Error('not heard in time');
			await new Promise((r) => setTimeout(r, 10));
		}
	}
	/** Gives a notification that should not come time to arrive anyway. */
	const settle = () => new Promise((r) => setTimeout(r, 300));

	it('a committed write is heard once; a read or a write that changes nothing is not', async () => {
		const { db, heard } = await open(false);
		await note(db, 'a');
		expect(heard()).toBe(1);
		await sql`select * from notes`.execute(db);
		await sql`update notes set text = 'b' where id = 999`.execute(db);
		expect(heard()).toBe(1);
	});

	it('a transaction that wrote only tables no page shows is not heard', async () => {
		const { db, heard } = await open(false);
		await sql`create table sessions (id text primary key)`.execute(db);
		await db.transaction().execute(async (trx) => {
			await trx
				.insertInto('sessions')
				.values({ id: 's1' } as never)
				.execute();
		});
		expect(heard()).toBe(0);
		await db.transaction().execute(async (trx) => {
			await trx
				.insertInto('sessions')
				.values({ id: 's2' } as never)
				.execute();
			await note(trx, 'a');
		});
		expect(heard()).toBe(1);
	});

	it('a transaction is heard once, at COMMIT and not before', async () => {
		const { db, heard } = await open(false);
		await db.transaction().execute(async (trx) => {
			await note(trx, 'a');
			await note(trx, 'b');
			expect(heard()).toBe(0);
		});
		expect(heard()).toBe(1);
	});

	it('writes inside a rolled-back transaction are heard by nobody', async () => {
		const { db, heard } = await open(false);
		await expect(
			db.transaction().execute(async (trx) => {
				await note(trx, 'a');
				throw new Error('changed my mind');
			})
		).rejects.toThrow('changed my mind');
		expect(heard()).toBe(0);
		expect(await notes(db)).toEqual([]);
		// The connection that rolled back reports its next commit as usual.
		await note(db, 'b');
		expect(heard()).toBe(1);
	});

	it("another instance's commit reaches this one by NOTIFY; its own NOTIFY is not heard twice", async () => {
		const first = await open(true);
		const second = await open(true);
		expect(first.changes.changedElsewhere()).toBe(false);

		await second.db.transaction().execute(async (trx) => {
			await note(trx, 'theirs');
			await note(trx, 'theirs too');
		});
		await until(() => first.heard() === 1);

		await note(first.db, 'mine');
		expect(first.heard()).toBe(2);
		// The second instance hearing it means the NOTIFY was delivered to every listener.
		await until(() => second.heard() === 2);
		await settle();
		expect(first.heard()).toBe(2);

		await note(second.db, 'theirs again');
		await until(() => first.heard() === 3);
		await settle();
		expect(first.heard()).toBe(3);
		expect(await notes(first.db)).toEqual(['theirs', 'theirs too', 'mine', 'theirs again']);
	});
});
