import { describe, expect, it } from 'vitest';
import { inTransitionOrder } from './orders-sql';

const at = '2026-11-23T12:00:00.000Z';
const event = (from: string | null, to: string, time = at) => ({
	from_status: from,
	to_status: to,
	at: time
});

describe("an order's history", () => {
	it('events of the same millisecond come in the order the status moved, whatever order they were read in', () => {
		const read = [
			event('authorized', 'paid'),
			event(null, 'pending'),
			event('pending', 'authorized')
		];
		expect(inTransitionOrder(read).map((e) => e.to_status)).toEqual([
			'pending',
			'authorized',
			'paid'
		]);
	});

	it('a history that does not chain keeps the time order for what does not fit', () => {
		const read = [
			event(null, 'pending', '2026-11-23T12:00:00.000Z'),
			event('authorized', 'paid', '2026-11-23T12:00:01.000Z'),
			event('paid', 'refunded', '2026-11-23T12:00:02.000Z')
		];
		expect(inTransitionOrder(read).map((e) => e.to_status)).toEqual([
			'pending',
			'paid',
			'refunded'
		]);
	});
});
