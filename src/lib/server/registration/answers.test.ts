import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import { as, EVENT, minutes, people, eachRegistrationDb, saveSettings } from './test-fixtures';

// The event (test-fixtures.ts) ends 2026-12-20T23:00Z; answers are kept 10 days after it.
const END = Date.parse('2026-12-20T23:00:00.000Z');
const day = (n: number) => new Date(END + n * 86_400_000);

describe.each(ENGINES)('answers to the question on %s', (engine) => {
	const on = eachRegistrationDb(engine);

	const answers = async () =>
		(await on.db.selectFrom('registrations').select('answer').orderBy('arrival').execute()).map(
			(r) => r.answer
		);

	it('are erased once the kept days after the event have passed, and the registrations stay', async () => {
		await saveSettings(on.registration, {
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			answerKeepDays: 10
		});
		await people(on.db, ['a', 'b']);
		await on.registration.register(as('a'), EVENT, { answer: 'nuts' }, minutes(1));
		await on.registration.register(as('b'), EVENT, { answer: 'gluten' }, minutes(2));
		expect(await on.registration.eraseOldAnswers(day(10))).toBe(0);
		expect(await answers()).toEqual(['nuts', 'gluten']);
		expect(await on.registration.eraseOldAnswers(day(10.1))).toBe(2);
		expect(await answers()).toEqual([null, null]);
		expect(await on.registration.eraseOldAnswers(day(11))).toBe(0);
	});
});
