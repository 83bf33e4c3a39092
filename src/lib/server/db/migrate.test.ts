import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openSqlite } from './index';
import * as m001 from './migrations/001_initial';
import * as m003 from './migrations/003_content';

describe('migrate', () => {
	it('applies 002_payments and later ones to a database that already has 001 and 003', async () => {
		const db = openSqlite(':memory:');
		const older = { '001_initial': m001, '003_content': m003 };
		await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
		expect(await migrate(db)).toEqual([
			'002_payments',
			'004_mail',
			'005_identity',
			'006_shop',
			'007_content_extras',
			'008_mail_reply_to',
			'009_indexes',
			'010_instances'
		]);
		expect(await migrate(db)).toEqual([]);
		await db.selectFrom('payment_sessions').selectAll().execute();
		await db.selectFrom('orders').select('cart_id').execute();
		await db.destroy();
	});
});
