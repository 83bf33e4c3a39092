import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './index';

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
