import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { takeLease } from './lease';

const now = new Date('2026-11-23T12:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const MINUTES_9 = 9 * 60_000;

describe.each(ENGINES)('job leases on %s', (engine) => {
	let test: TestDatabase;
	beforeEach(async () => {
		test = await testDatabase(engine);
	});
	afterEach(() => test.destroy());

	const take = (holder: string, when = now) =>
		takeLease(test.db, 'cleanup', MINUTES_9, when, holder);

	it('of 20 instances asking at once, exactly one gets to run the job', async () => {
		const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => take(`instance-${i}`)));
		expect(taken.filter(Boolean)).toHaveLength(1);
	});

	it('nobody runs it again until the lease runs out, the holder included; then the next one may', async () => {
		expect(await take('a')).toBe(true);
		expect(await take('a', at(8))).toBe(false);
		expect(await take('b', at(8))).toBe(false);
		expect(await take('b', at(9))).toBe(true);
		expect(await take('a', at(10))).toBe(false);
	});

	it("one job's lease does not hold another job back", async () => {
		expect(await take('a')).toBe(true);
		expect(await takeLease(test.db, 'reconcile-payments', MINUTES_9, now, 'b')).toBe(true);
	});
});
