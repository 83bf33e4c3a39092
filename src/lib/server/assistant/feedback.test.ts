import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trail } from '../audit';
import { userContext } from '../context';
import { userRow } from '../db/test-rows';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { Forbidden, NotSignedIn } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import { assistantFeedback, maskPersonal, type AssistantFeedback } from './feedback';

const as = (id: string) =>
	userContext({ id, email: `${id}@example.org`, name: id, isAnonymous: false }, 's');
const now = new Date('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('what is kept of a question', () => {
	it('masks e-mail addresses and phone, account and identity numbers, and keeps dates and prices', () => {
		expect(
			maskPersonal('Jeg er kari.nordmann@uio.no, ring 987 65 432 eller +4798765432 om utlegget')
		).toBe('Jeg er [e-mail], ring [number] eller [number] om utlegget');
		expect(maskPersonal('konto 1234.56.78903 og fnr 01019012345')).toBe(
			'konto [number] og fnr [number]'
		);
		expect(maskPersonal('Is the party on 24.12.2026 or 2026-12-23, and is it  299 kr?')).toBe(
			'Is the party on 24.12.2026 or 2026-12-23, and is it 299 kr?'
		);
	});
});

describe.each(ENGINES)('what visitors miss, on %s', (engine) => {
	let test: TestDatabase;
	let feedback: AssistantFeedback;
	const admin = as('admin');

	beforeEach(async () => {
		test = await testDatabase(engine);
		for (const id of ['admin', 'member']) {
			await test.db.insertInto('users').values(userRow(id)).execute();
		}
		const roles = rolesService({
			store: sqlIdentityStore(test.db),
			isMember: async () => false,
			adminEmails: ['admin@example.org']
		});
		feedback = assistantFeedback({ db: test.db, roles, retentionDays: 90 });
	});
	afterEach(() => test.destroy());

	const miss = (id: string, question: string, at = now, locale: 'no' | 'en' = 'no') =>
		feedback.recordNotFound({ id, locale, question, by: 'local' }, at);

	it('lists questions nothing was found for, grouped whatever their case and spacing, most asked first', async () => {
		await miss('a1', 'Har dere badstue?', daysAgo(3));
		await miss('a2', 'har dere  badstue?', daysAgo(1));
		await miss('a3', 'HAR DERE BADSTUE?', daysAgo(2));
		await miss('b1', 'Hvor er kopimaskinen?', daysAgo(1));
		await miss('c1', 'Do you have a sauna?', daysAgo(1), 'en');

		const list = await feedback.misses(admin, {}, now);
		expect(list.map((q) => [q.key, q.count, q.locale])).toEqual([
			['har dere badstue?', 3, 'no'],
			// Equal counts: the most recent first.
			[expect.stringMatching(/kopimaskinen|sauna/), 1, expect.any(String)],
			[expect.stringMatching(/kopimaskinen|sauna/), 1, expect.any(String)]
		]);
		expect(list[0]).toMatchObject({ notFound: 3, unhelpful: 0, lastAt: daysAgo(1).toISOString() });
		expect((await feedback.misses(admin, { locale: 'en' }, now)).map((q) => q.question)).toEqual([
			'Do you have a sauna?'
		]);
	});

	it('keeps the question of an answer rated unhelpful, and only a count of a helpful one', async () => {
		const question = 'When is the Christmas party? Mail me at ola@example.org';
		await feedback.rate(
			{ id: 'x', locale: 'en', question, by: 'model', rating: 'unhelpful' },
			daysAgo(1)
		);
		await feedback.rate(
			{ id: 'y', locale: 'en', question: 'Hoodie price?', by: 'local', rating: 'helpful' },
			daysAgo(1)
		);
		const list = await feedback.misses(admin, { reason: 'unhelpful' }, now);
		expect(list).toEqual([
			expect.objectContaining({
				question: 'When is the Christmas party? Mail me at [e-mail]',
				unhelpful: 1,
				notFound: 0
			})
		]);
		const rows = await test.db.selectFrom('assistant_feedback').selectAll().orderBy('id').execute();
		expect(rows.map((r) => [r.id, r.question, r.rating, r.found])).toEqual([
			['x', 'When is the Christmas party? Mail me at [e-mail]', 'unhelpful', 1],
			['y', null, 'helpful', 1]
		]);
		expect(await feedback.summary(admin, now)).toEqual({
			days: 90,
			notFound: 0,
			helpful: 1,
			unhelpful: 1
		});
	});

	it('lets a visitor change their mind: the last rating counts, once', async () => {
		const rating = { id: 'x', locale: 'en' as const, question: 'Sauna?', by: 'local' as const };
		await feedback.rate({ ...rating, rating: 'unhelpful' }, now);
		await feedback.rate({ ...rating, rating: 'helpful' }, now);
		expect(await feedback.misses(admin, {}, now)).toEqual([]);
		expect(await feedback.summary(admin, now)).toMatchObject({ helpful: 1, unhelpful: 0 });
	});

	it('keeps the question as asked when a not-found answer is rated, whatever the rating says', async () => {
		await miss('nf', 'Har dere badstue?');
		await feedback.rate(
			{
				id: 'nf',
				locale: 'no',
				question: 'something else entirely',
				by: 'local',
				rating: 'helpful'
			},
			now
		);
		const [only] = await feedback.misses(admin, {}, now);
		expect(only).toMatchObject({ question: 'Har dere badstue?', notFound: 1, count: 1 });
		expect(await feedback.summary(admin, now)).toMatchObject({ notFound: 1, helpful: 1 });
	});

	it('forgets questions older than the period, in the list and in the counts', async () => {
		await miss('old', 'Old question', daysAgo(91));
		await miss('new', 'New question', daysAgo(89));
		expect((await feedback.misses(admin, {}, now)).map((q) => q.question)).toEqual([
			'New question'
		]);
		expect(await feedback.deleteExpired(now)).toBe(1);
		expect(await test.db.selectFrom('assistant_feedback').select('id').execute()).toEqual([
			{ id: 'new' }
		]);
	});

	it('lets an admin clear a question once the site answers it, keeps the counts, and audits it', async () => {
		await miss('a1', 'Har dere badstue?');
		await miss('a2', 'har dere badstue?');
		await miss('b1', 'Hvor er kopimaskinen?');
		expect(await feedback.dismiss(admin, { key: 'har dere badstue?', locale: 'no' }, now)).toBe(2);
		expect((await feedback.misses(admin, {}, now)).map((q) => q.key)).toEqual([
			'hvor er kopimaskinen?'
		]);
		expect(await feedback.summary(admin, now)).toMatchObject({ notFound: 3 });
		const entries = await trail(test.db, 'assistant_question', 'har dere badstue?');
		expect(entries).toEqual([
			expect.objectContaining({
				actor: 'admin',
				action: 'dismissed',
				details: { locale: 'no', rows: 2 }
			})
		]);
	});

	it('shows the list to admins only', async () => {
		await miss('a1', 'Har dere badstue?');
		await expect(feedback.misses(as('member'), {}, now)).rejects.toBeInstanceOf(Forbidden);
		await expect(feedback.summary(userContext(null, null), now)).rejects.toBeInstanceOf(
			NotSignedIn
		);
		await expect(
			feedback.dismiss(as('member'), { key: 'har dere badstue?', locale: 'no' }, now)
		).rejects.toBeInstanceOf(Forbidden);
		expect(await feedback.misses(admin, {}, now)).toHaveLength(1);
	});

	it('stores nothing that names who asked', async () => {
		await miss('a1', 'Sauna?');
		const row = await test.db
			.selectFrom('assistant_feedback')
			.selectAll()
			.executeTakeFirstOrThrow();
		const columns = Object.keys(row);
		expect(columns.sort()).toEqual(
			[
				'answered_by',
				'created_at',
				'found',
				'id',
				'locale',
				'question',
				'rated_at',
				'rating'
			].sort()
		);
	});
});
