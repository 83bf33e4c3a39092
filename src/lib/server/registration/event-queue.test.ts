import { describe, expect, it } from 'vitest';
import { eventQueue } from './event-queue';

// Unit-level: the queue's promise; the rush over HTTP on both engines is in the bench
// (bench/registration.mjs), the exact outcome of concurrent registrations in register.test.ts.
describe('the per-event queue of registration writes', () => {
	it('runs one work per event at a time, in arrival order, while other events go on', async () => {
		const inTurn = eventQueue();
		const log: string[] = [];
		let running = 0;
		let most = 0;
		const step = (key: string, name: string) =>
			inTurn(key, async () => {
				running += key === 'a' ? 1 : 0;
				most = Math.max(most, running);
				log.push(`${name} start`);
				await new Promise((resolve) => setTimeout(resolve, 5));
				log.push(`${name} end`);
				running -= key === 'a' ? 1 : 0;
				return name;
			});
		const results = await Promise.all([
			step('a', 'a1'),
			step('a', 'a2'),
			step('b', 'b1'),
			step('a', 'a3')
		]);
		expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
		expect(most).toBe(1);
		const ofA = log.filter((l) => l.startsWith('a'));
		expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
		// b did not wait for a's queue: it started before a's first work ended.
		expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
	});

	it('a failed work gives the turn to the next, and its caller gets the failure', async () => {
		const inTurn = eventQueue();
		const first = inTurn('a', async () => {
			throw new Error('refused');
		});
		const second = inTurn('a', async () => 'next');
		await expect(first).rejects.toThrow('refused');
		await expect(second).resolves.toBe('next');
	});
});
