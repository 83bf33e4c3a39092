import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { ENGINES, type TestDatabase } from '../db/test-db';
import { as, EVENT, minutes, people, registrationDb, saveSettings } from './test-fixtures';
import type { RegistrationService } from './index';

// The event (test-fixtures.ts) ends 2026-12-20T23:00Z; answers are kept 10 days after it.
const END = Date.parse('2026-12-20T23:00:00.000Z');
const day = (n: number) => new Date(END + n * 86_400_000);

describe.each(ENGINES)('answers to the question on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let registration: RegistrationService;

	beforeEach(async () => ({ test, db, registration } = await registrationDb(engine)));
	afterEach(() => test.destroy());

	const answers = async () =>
		(await db.selectFrom('registrations').select('answer').orderBy('arrival').execute()).map(
			(r) => r.answer
		);

	it('are erased once the kept days after the event have passed, and the registrations stay', async () => {
		await saveSettings(registration, {
			questionNo: 'Allergier?',
			questionEn: 'Allergies?',
			answerKeepDays: 10
		});
		await people(db, ['a', 'b']);
		await registration.register(as('a'), EVENT, { answer: 'nuts' }, minutes(1));
		await registration.register(as('b'), EVENT, { answer: 'gluten' }, minutes(2));
		expect(await registration.eraseOldAnswers(day(10))).toBe(0);
		expect(await answers()).toEqual(['nuts', 'gluten']);
		expect(await registration.eraseOldAnswers(day(10.1))).toBe(2);
		expect(await answers()).toEqual([null, null]);
		expect(await registration.eraseOldAnswers(day(11))).toBe(0);
	});
});
