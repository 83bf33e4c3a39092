import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '$lib/format';
import { setLocale } from '$lib/paraglide/runtime';
import { DEFAULT_LADDER } from '../attendance';
import { expiryOf, standingOf } from '../attendance/ladder';
import type { MemberView } from '../registration';
import { standingInWords, unregisterOutcome } from './marks-words';

// Before a member unregisters, the event page says what unregistering now gives: every deadline
// state, in both languages, with the promised dates.

const STARTS = '2027-03-10T17:00:00.000Z';
const DEADLINE = '2027-03-08T12:00:00.000Z';
const NOW = new Date('2027-03-09T12:00:00.000Z');

function view(extra: Partial<MemberView> = {}, lateWeight = 1): MemberView {
	const late = { weight: lateWeight, eventAt: STARTS };
	return {
		open: true,
		opensAt: '2027-03-01T12:00:00.000Z',
		closesAt: STARTS,
		capacity: 10,
		confirmed: 1,
		waiting: 0,
		pools: [],
		mine: { status: 'confirmed', pool: null },
		question: null,
		unregisterBy: DEADLINE,
		lateUnregister: true,
		ineligible: null,
		marks: {
			standing: standingOf(DEFAULT_LADDER, [], NOW),
			lateWeight,
			lateExpiresAt: expiryOf(DEFAULT_LADDER, STARTS),
			afterLate: standingOf(DEFAULT_LADDER, lateWeight ? [late] : [], NOW),
			opensAt: '2027-03-01T12:00:00.000Z'
		},
		...extra
	};
}

for (const locale of ['no', 'en'] as const) {
	const t = JSON.parse(readFileSync(`messages/${locale}/marks.json`, 'utf8')) as Record<
		string,
		string
	>;
	const say = (key: string, values: Record<string, string> = {}) =>
		t[key]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
	const date = formatDateTime(DEADLINE, locale);

	describe(`what unregistering gives, in ${locale}`, () => {
		setLocale(locale, { reload: false });
		afterAll(() => setLocale('no', { reload: false }));

		it('no deadline: no mark', () => {
			setLocale(locale, { reload: false });
			expect(unregisterOutcome(view({ unregisterBy: null }), 'free', locale)).toBe(
				say('marks_outcome_no_deadline')
			);
		});

		it('before the deadline: no mark now, a mark after it; none at all when late ones weigh nothing', () => {
			setLocale(locale, { reload: false });
			expect(unregisterOutcome(view(), 'free', locale)).toBe(say('marks_outcome_before', { date }));
			expect(unregisterOutcome(view({}, 0), 'free', locale)).toBe(
				say('marks_outcome_before_free', { date })
			);
		});

		it('after the deadline: the mark, until when it counts, and what it will mean', () => {
			setLocale(locale, { reload: false });
			const expires = formatDate(expiryOf(DEFAULT_LADDER, STARTS), locale);
			const count = locale === 'no' ? '1 aktiv prikk' : '1 active mark';
			const delay = locale === 'no' ? '2 timer' : '2 hours';
			expect(unregisterOutcome(view(), 'late', locale)).toBe(
				`${say('marks_outcome_late', { expires, date })} ${say('marks_after_delay', { count, delay, until: expires })}`
			);
			expect(unregisterOutcome(view({}, 0), 'late', locale)).toBe(say('marks_outcome_late_free'));
		});

		it('a place in line or in the draw is given up without a mark; a closed deadline says nothing here', () => {
			setLocale(locale, { reload: false });
			expect(
				unregisterOutcome(view({ mine: { status: 'waiting', position: 2 } }), 'free', locale)
			).toBe(say('marks_outcome_waiting'));
			expect(
				unregisterOutcome(view({ mine: { status: 'entered', drawAt: STARTS } }), 'free', locale)
			).toBe(say('marks_outcome_entered'));
			expect(unregisterOutcome(view(), 'closed', locale)).toBeNull();
		});

		it('three marks: the waiting list, until the first expires', () => {
			setLocale(locale, { reload: false });
			const marks = [1, 2, 3].map(() => ({ weight: 1, eventAt: '2027-02-01T17:00:00.000Z' }));
			const standing = standingOf(DEFAULT_LADDER, marks, NOW);
			const until = formatDate(standing.until!, locale);
			const count = locale === 'no' ? '3 aktive prikker' : '3 active marks';
			expect(standingInWords(standing, null, locale)).toBe(
				say('marks_waitlist_standing', { count, until })
			);
		});
	});
}
