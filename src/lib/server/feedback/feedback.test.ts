import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { DomainError } from '../errors';
import { rolesService } from '../identity/roles';
import { sqlIdentityStore } from '../identity/sql';
import {
	ADMIN,
	anotherEvent,
	as,
	eachRegistrationDb,
	EVENT,
	minutes,
	people,
	saveSettings
} from '../registration/test-fixtures';
import { recordArrival } from '../attendance';
import { FEEDBACK_COMMENT_MAX, feedbackService, type FeedbackInput } from '.';

// The suite's event ends on 20 December at 23:00 UTC; its form is open for 14 days from then.
const END = new Date('2026-12-20T23:00:00.000Z');
const after = (hours: number) => new Date(END.getTime() + hours * 3_600_000);
const DAYS_14 = 14 * 24;

/** The code a refused call carries, or 'accepted'. */
const outcome = (work: Promise<unknown>) =>
	work.then(
		() => 'accepted',
		(e: unknown) => {
			if (e instanceof DomainError) return `${e.name}:${e.code}`;
			throw e;
		}
	);

describe.each(ENGINES)('event feedback on %s', (engine) => {
	const on = eachRegistrationDb(engine);
	const feedback = () =>
		feedbackService({
			db: on.db,
			roles: rolesService({
				store: sqlIdentityStore(on.db),
				isMember: async () => false,
				adminEmails: [`${ADMIN}@example.org`]
			})
		});
	const answers = () =>
		on.db
			.selectFrom('event_feedback')
			.select(['user_id', 'rating', 'comment'])
			.orderBy('user_id')
			.execute();

	/** Registration open with `capacity` seats, `confirmed` registered in order; feedback on. */
	async function attended(confirmed: string[], options: { capacity?: number; on?: boolean } = {}) {
		await saveSettings(on.registration, { capacity: options.capacity ?? 10 });
		await people(on.db, confirmed);
		for (const [i, id] of confirmed.entries()) {
			await on.registration.register(as(id), EVENT, {}, minutes(i + 1));
		}
		if (options.on ?? true) await feedback().setEnabled(as(ADMIN), EVENT, true, minutes(0));
	}

	it('an attendee answers once the event is over and may change the answer until the form closes', async () => {
		await attended(['kari']);
		const form = await feedback().form(as('kari'), EVENT, after(1));
		expect(form).toMatchObject({
			state: 'open',
			mine: null,
			opensAt: END.toISOString(),
			closesAt: after(DAYS_14).toISOString()
		});
		expect(
			await feedback().answer(
				as('kari'),
				EVENT,
				{ rating: 4, comment: '  Fin kveld \r\n' },
				after(1)
			)
		).toEqual({ answer: { rating: 4, comment: 'Fin kveld' }, changed: false });
		expect(
			await feedback().answer(as('kari'), EVENT, { rating: 2, comment: '' }, after(DAYS_14 - 1))
		).toEqual({ answer: { rating: 2, comment: null }, changed: true });
		expect(await answers()).toEqual([{ user_id: 'kari', rating: 2, comment: null }]);
		expect((await feedback().form(as('kari'), EVENT, after(2))).mine).toEqual({
			rating: 2,
			comment: null
		});
	});

	it('is not open before the event has ended, and closed 14 days after: nothing written', async () => {
		await attended(['kari']);
		const answer = (at: Date) => feedback().answer(as('kari'), EVENT, { rating: 5 }, at);
		expect((await feedback().form(as('kari'), EVENT, after(-1))).state).toBe('not_yet');
		expect(await outcome(answer(after(-1)))).toBe('Conflict:feedback_not_open');
		expect((await feedback().form(as('kari'), EVENT, after(DAYS_14))).state).toBe('closed');
		expect(await outcome(answer(after(DAYS_14)))).toBe('Conflict:feedback_closed');
		expect(await answers()).toEqual([]);
	});

	it('refuses those who did not attend: not registered, on the waiting list, unregistered', async () => {
		await attended(['kari', 'wait'], { capacity: 1 });
		await people(on.db, ['stranger', 'gave-up']);
		await on.registration.register(as('gave-up'), EVENT, {}, minutes(5));
		await on.registration.unregister(as('kari'), EVENT, minutes(6));
		// kari's seat went to the first on the waiting list: she gave it up, and "wait" holds it.
		for (const id of ['stranger', 'kari', 'gave-up']) {
			expect((await feedback().form(as(id), EVENT, after(1))).state).toBe('not_attended');
			expect(await outcome(feedback().answer(as(id), EVENT, { rating: 3 }, after(1)))).toBe(
				'Forbidden:not_attended'
			);
		}
		expect(await outcome(feedback().answer(as('wait'), EVENT, { rating: 3 }, after(1)))).toBe(
			'accepted'
		);
		expect((await answers()).map((a) => a.user_id)).toEqual(['wait']);
	});

	it('at an event whose door checked people in, only those who came (present or late) answer', async () => {
		await attended(['came', 'late', 'stayed-home']);
		// Two came through the door (the later one late, by the ladder's grace), one never did.
		const seat = async (user: string) =>
			(
				await on.db
					.selectFrom('registrations')
					.select('id')
					.where('user_id', '=', user)
					.executeTakeFirstOrThrow()
			).id;
		for (const [user, at] of [
			['came', after(-3)],
			['late', after(-1)]
		] as const) {
			const registrationId = await seat(user);
			await on.db.transaction().execute((trx) => recordArrival(trx, { registrationId, at }));
		}
		expect((await feedback().form(as('stayed-home'), EVENT, after(1))).state).toBe('not_attended');
		expect(
			await outcome(feedback().answer(as('stayed-home'), EVENT, { rating: 1 }, after(1)))
		).toBe('Forbidden:not_attended');
		for (const user of ['came', 'late']) {
			expect(await outcome(feedback().answer(as(user), EVENT, { rating: 4 }, after(1)))).toBe(
				'accepted'
			);
		}
		expect((await answers()).map((a) => a.user_id)).toEqual(['came', 'late']);
	});

	it('an event that does not ask for feedback takes none, nor one turned off; an unknown event is not found', async () => {
		await attended(['kari'], { on: false });
		const answer = (event = EVENT) =>
			outcome(feedback().answer(as('kari'), event, { rating: 4 }, after(1)));
		expect(await answer()).toBe('NotFound:feedback_off');
		await feedback().setEnabled(as(ADMIN), EVENT, true, minutes(0));
		await feedback().setEnabled(as(ADMIN), EVENT, false, minutes(0));
		expect(await answer()).toBe('NotFound:feedback_off');
		expect(await answer('no-such-event')).toBe('NotFound:unknown_event');
		expect(await feedback().invitation(as('kari'), EVENT, after(1))).toBeNull();
		expect(await answers()).toEqual([]);
	});

	it('refuses a rating of 0, 6, 2.5 or text and a comment too long, with the field’s code and nothing written', async () => {
		await attended(['kari']);
		const answer = (input: unknown) =>
			outcome(feedback().answer(as('kari'), EVENT, input as FeedbackInput, after(1)));
		for (const rating of [0, 6, 2.5, 'five', '3', null]) {
			expect(await answer({ rating, comment: 'ok' })).toBe('Invalid:invalid_rating');
		}
		expect(await answer({ comment: 'no rating' })).toBe('Invalid:invalid_rating');
		const long = 'x'.repeat(FEEDBACK_COMMENT_MAX + 1);
		expect(await answer({ rating: 4, comment: long })).toBe('Invalid:comment_too_long');
		expect(await answers()).toEqual([]);
		// The longest comment, its line ends counted once each as the browser counts them.
		const longest = 'a\r\n'.repeat(FEEDBACK_COMMENT_MAX / 2 - 1) + 'bc';
		expect(await answer({ rating: 4, comment: longest })).toBe('accepted');
	});

	it('the organisers (an admin, the unit’s leader) turn it on, audited, and see the figures and comments without names', async () => {
		await attended(['a', 'b', 'c', 'd']);
		await people(on.db, ['leader'], { unit: 'choir', role: 'leader' });
		await people(on.db, ['member'], { unit: 'choir', role: 'member' });
		const given: [string, number, string | null][] = [
			['a', 5, 'Best party'],
			['b', 3, null],
			['c', 5, 'Again!'],
			['d', 2, 'Too loud']
		];
		for (const [id, rating, comment] of given) {
			await feedback().answer(as(id), EVENT, { rating, comment }, after(1));
		}
		const results = await feedback().results(as('leader'), EVENT);
		expect(results).toMatchObject({
			enabled: true,
			count: 4,
			average: 3.75,
			distribution: { 1: 0, 2: 1, 3: 1, 4: 0, 5: 2 },
			comments: [
				{ rating: 5, comment: 'Again!' },
				{ rating: 5, comment: 'Best party' },
				{ rating: 2, comment: 'Too loud' }
			]
		});
		expect(JSON.stringify(results)).not.toMatch(/"(a|b|c|d)"/);
		const csv = await feedback().resultsCsv(as(ADMIN), EVENT, 'en');
		expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
			'Rating (1–5),Comment',
			'5,Again!',
			'5,Best party',
			'3,',
			'2,Too loud',
			''
		]);
		const audit = await on.db
			.selectFrom('audit_log')
			.select(['actor', 'subject_type', 'subject_id', 'details'])
			.where('subject_type', '=', 'event_feedback')
			.execute();
		expect(audit).toEqual([
			{
				actor: ADMIN,
				subject_type: 'event_feedback',
				subject_id: EVENT,
				details: JSON.stringify({ before: { enabled: false }, after: { enabled: true } })
			}
		]);

		for (const id of ['member', 'a']) {
			expect(await outcome(feedback().results(as(id), EVENT))).toMatch(/^Forbidden/);
			expect(await outcome(feedback().setEnabled(as(id), EVENT, false))).toMatch(/^Forbidden/);
		}
		// A leader of the choir organises the choir's events only.
		await anotherEvent(on.db, 'ev-other', { unitId: null });
		expect(await outcome(feedback().setEnabled(as('leader'), 'ev-other', true))).toMatch(
			/^Forbidden/
		);
		expect((await feedback().results(as(ADMIN), 'ev-other')).count).toBe(0);
	});

	it('the event page invites an attendee while the form is open, and says when they have answered', async () => {
		await attended(['kari']);
		await people(on.db, ['stranger']);
		const invitation = (id: string, at: Date) => feedback().invitation(as(id), EVENT, at);
		expect(await invitation('kari', after(-1))).toBeNull();
		expect(await invitation('kari', after(1))).toEqual({ answered: false });
		await feedback().answer(as('kari'), EVENT, { rating: 4 }, after(1));
		expect(await invitation('kari', after(2))).toEqual({ answered: true });
		expect(await invitation('kari', after(DAYS_14))).toBeNull();
		expect(await invitation('stranger', after(1))).toBeNull();
	});
});
