import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATION_NAMES, pendingOnExisting } from './index';
import * as m001 from './migrations/001_initial';
import * as m003 from './migrations/003_content';
import { ENGINES, testDatabase, type TestDatabase } from './test-db';

describe.each(ENGINES)('migrate on %s', (engine) => {
	let test: TestDatabase;
	beforeEach(async () => {
		test = await testDatabase(engine, { migrated: false });
	});
	afterEach(() => test.destroy());

	it('applies every migration to an empty database, once', async () => {
		const { db } = test;
		expect(await pendingOnExisting(db)).toEqual([]);
		expect(await migrate(db)).toEqual(MIGRATION_NAMES);
		expect(await migrate(db)).toEqual([]);
		expect(await pendingOnExisting(db)).toEqual([]);
	});

	it('applies 002_payments and later ones to a database that already has 001 and 003', async () => {
		const { db } = test;
		const older = { '001_initial': m001, '003_content': m003 };
		await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
		const later = [
			'002_payments',
			'004_mail',
			'005_identity',
			'006_shop',
			'007_content_extras',
			'008_mail_reply_to',
			'009_indexes',
			'010_instances',
			'011_files',
			'012_expenses',
			'013_documents',
			'014_assistant_feedback',
			'015_admin',
			'016_shop_admin',
			'017_people',
			'018_applications',
			'019_safety_reports',
			'020_contact_inbox',
			'023_privacy_by_query',
			'024_mail_sealed',
			'027_page_keywords'
		];
		expect(await pendingOnExisting(db)).toEqual(later);
		expect(await migrate(db)).toEqual(later);
		expect(await migrate(db)).toEqual([]);
		await db.selectFrom('payment_sessions').selectAll().execute();
		await db.selectFrom('orders').select('cart_id').execute();
	});
});
