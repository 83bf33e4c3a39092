// An event's registration written straight into a test server's database: the settings row and
// its pools, as the admin page will save them (the engine reads them per request).
import { randomUUID } from 'node:crypto';
import { withDb } from './fixtures';

export interface PoolSeed {
	seats: number;
	eligibility?: 'everyone' | 'members';
	name?: string;
}

/** Opens registration on a seeded event: from an hour ago for a day unless `opensAt`/`closesAt`. */
export function openRegistration(
	file: string,
	eventId: string,
	options: {
		capacity: number;
		pools?: PoolSeed[];
		opensAt?: Date;
		closesAt?: Date;
		/** A paid event: what non-members (and members, without a member price) pay. */
		priceOtherOre?: number;
		refundOnUnregister?: boolean;
	}
): string[] {
	const now = Date.now();
	const opensAt = options.opensAt ?? new Date(now - 3_600_000);
	const closesAt = options.closesAt ?? new Date(now + 86_400_000);
	const poolIds = (options.pools ?? []).map(() => randomUUID());
	withDb(file, (db) => {
		db.prepare(
			'insert into event_registration (event_id, enabled, opens_at, closes_at, capacity, price_other_ore, refund_on_unregister, updated_at) values (?, 1, ?, ?, ?, ?, ?, ?)'
		).run(
			eventId,
			opensAt.toISOString(),
			closesAt.toISOString(),
			options.capacity,
			options.priceOtherOre ?? null,
			options.refundOnUnregister ? 1 : 0,
			new Date(now).toISOString()
		);
		(options.pools ?? []).forEach((pool, i) =>
			db
				.prepare(
					'insert into registration_pools (id, event_id, sort, name_no, name_en, seats, eligibility, unit_ids, campus_id) values (?, ?, ?, ?, ?, ?, ?, null, null)'
				)
				.run(
					poolIds[i],
					eventId,
					i + 1,
					pool.name ?? `Pulje ${i + 1}`,
					pool.name ?? `Pool ${i + 1}`,
					pool.seats,
					pool.eligibility ?? 'everyone'
				)
		);
	});
	return poolIds;
}

/**
 * The title a copied event carries, with its id after it. Not the original's: tests that share
 * the e2e database (the events list, the search) must find one "Christmas party", not dozens.
 */
export const COPY_TITLE = { no: 'Prøvefest', en: 'Test party' } as const;

/** A seeded event of its own for each test (a copy of evt-julebord under a new id and title). */
export function copyEvent(file: string, from = 'evt-julebord'): string {
	const id = `evt-test-${randomUUID().slice(0, 8)}`;
	withDb(file, (db) => {
		const columns = (db.prepare('pragma table_info(events)').all() as { name: string }[])
			.map((c) => c.name)
			.filter((c) => c !== 'id');
		db.prepare(
			`insert into events (id, ${columns.join(', ')}) select ?, ${columns.join(', ')} from events where id = ?`
		).run(id, from);
		db.prepare('update events set title_no = ?, title_en = ? where id = ?').run(
			`${COPY_TITLE.no} ${id}`,
			`${COPY_TITLE.en} ${id}`,
			id
		);
	});
	return id;
}
