import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { subjectNames } from './subject-names';

describe.each(ENGINES)('subject names on %s', (engine) => {
	let test: TestDatabase;
	beforeAll(async () => {
		test = await testDatabase(engine);
		await seedDemo(test.db);
		await test.db
			.insertInto('users')
			.values({ id: 'u-kari', email: null, name: 'Kari', created_at: '2026-11-27T10:00:00Z' })
			.execute();
	});
	afterAll(() => test.destroy());

	it('names each subject in the reader’s language; one since deleted keeps no name', async () => {
		const subjects = [
			{ subjectType: 'product', subjectId: 'prod-mug' },
			{ subjectType: 'page', subjectId: 'about' },
			{ subjectType: 'campus', subjectId: 'oslo' },
			{ subjectType: 'invitation', subjectId: 'events-oslo:0b0c6a1e-5a3a-4c8f-9a53-1c2d3e4f5a6b' },
			{ subjectType: 'team_member', subjectId: 'sport-bergen:u-kari' },
			{ subjectType: 'admin_grant', subjectId: 'u-kari' },
			{ subjectType: 'product', subjectId: 'prod-gone' }
		];
		const names = await subjectNames(test.db, subjects, 'no', (p, u) => `${p} i ${u}`);
		expect(Object.fromEntries(names)).toEqual({
			'product:prod-mug': 'Kaffekopp',
			'page:about': expect.any(String),
			'campus:oslo': 'Oslo',
			'invitation:events-oslo:0b0c6a1e-5a3a-4c8f-9a53-1c2d3e4f5a6b': 'Arrangementsutvalget',
			'team_member:sport-bergen:u-kari': 'Kari i Idrettslaget',
			'admin_grant:u-kari': 'Kari'
		});
		const english = await subjectNames(test.db, subjects.slice(0, 1), 'en', (p) => p);
		expect(english.get('product:prod-mug')).toBe('Coffee mug');
	});
});
