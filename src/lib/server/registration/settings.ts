// An event's registration settings and pools: read (locking the settings row, the event's one
// lock for everything that changes who holds a seat) and saved after the checks that need the
// stored registrations. Who may save is the service's (index.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import { lockRows } from '../db/dialect';
import type { EventRegistrationTable, RegistrationPoolsTable } from '../db/schema';
import { Invalid } from '../errors';
import { confirmedCounts } from './seats';
import { SettingsInput, type EventRegistration, type Pool, type Settings } from './types';

type Tx = Kysely<Database>;

/**
 * The event's registration, or null when the event has none. `lock`: the settings row stays
 * locked until the transaction ends (PostgreSQL; SQLite's writing transaction already excludes
 * every other), so the counts read after it cannot change under the caller.
 */
export async function loadRegistration(
	db: Tx,
	eventId: string,
	options: { lock?: boolean } = {}
): Promise<EventRegistration | null> {
	if (options.lock) {
		await lockRows(
			db,
			db.selectFrom('event_registration').select('event_id').where('event_id', '=', eventId)
		);
	}
	const row = await db
		.selectFrom('event_registration')
		.innerJoin('events', 'events.id', 'event_registration.event_id')
		.selectAll('event_registration')
		.select(['events.unit_id', 'events.title_no', 'events.title_en'])
		.where('event_registration.event_id', '=', eventId)
		.executeTakeFirst();
	if (!row) return null;
	const pools = await db
		.selectFrom('registration_pools')
		.selectAll()
		.where('event_id', '=', eventId)
		.orderBy('sort')
		.execute();
	return {
		...settingsOf(row),
		eventId,
		unitId: row.unit_id,
		title: { no: row.title_no, en: row.title_en },
		drawSeed: row.draw_seed,
		drawnAt: row.drawn_at,
		pools: pools.map(poolOf)
	};
}

function settingsOf(row: Selectable<EventRegistrationTable>): Omit<Settings, 'pools'> {
	return {
		enabled: row.enabled === 1,
		opensAt: row.opens_at,
		closesAt: row.closes_at,
		unregisterBy: row.unregister_by,
		lateUnregister: row.late_unregister === 1,
		capacity: row.capacity,
		mode: row.mode === 'draw' ? 'draw' : 'first_come',
		drawMinutes: row.draw_minutes,
		mergeAt: row.merge_at,
		priceMemberOre: row.price_member_ore,
		priceOtherOre: row.price_other_ore,
		questionNo: row.question_no,
		questionEn: row.question_en,
		answerKeepDays: row.answer_keep_days,
		refundOnUnregister: row.refund_on_unregister === 1
	};
}

function poolOf(row: Selectable<RegistrationPoolsTable>): Pool {
	return {
		id: row.id,
		sort: row.sort,
		name: { no: row.name_no, en: row.name_en },
		seats: row.seats,
		eligibility: row.eligibility as Pool['eligibility'],
		unitIds: row.unit_ids ? (JSON.parse(row.unit_ids) as string[]) : [],
		campusId: row.campus_id
	};
}

/** The stored settings as the input that would save them again (pools keep their ids). */
export function inputOf(r: EventRegistration): Settings {
	const { eventId: _e, unitId: _u, title: _t, drawSeed: _s, drawnAt: _d, pools, ...settings } = r;
	return {
		...settings,
		pools: pools.map((p) => ({
			id: p.id,
			nameNo: p.name.no,
			nameEn: p.name.en,
			seats: p.seats,
			eligibility: p.eligibility,
			unitIds: p.unitIds,
			campusId: p.campusId
		}))
	};
}

/** The settings as the audit log records them: plain values, pools included. */
export function auditedSettings(r: EventRegistration | null): Record<string, unknown> | null {
	if (!r) return null;
	const settings: Record<string, unknown> = {};
	for (const key of Object.keys(SettingsInput.shape)) {
		settings[key] = key === 'pools' ? JSON.stringify(r.pools) : r[key as keyof EventRegistration];
	}
	return settings;
}

/**
 * Checks `next` against what is stored (the caller holds the lock) and writes it. Refused, with
 * nothing written: a capacity or a pool below its confirmed seats, pools with more seats than the
 * event, closing before opening, a price with no payment provider, a pool dropped that holds seats.
 */
export async function writeSettings(
	db: Tx,
	eventId: string,
	current: EventRegistration | null,
	next: Settings,
	options: { canTakePayments: boolean; now: Date }
): Promise<void> {
	if (Date.parse(next.closesAt) <= Date.parse(next.opensAt)) {
		throw new Invalid('registration closes before it opens', 'closes_before_opens');
	}
	if ((next.priceMemberOre !== null || next.priceOtherOre !== null) && !options.canTakePayments) {
		throw new Invalid('a price needs a payment provider', 'price_without_provider');
	}
	const seats = next.pools.reduce((sum, p) => sum + p.seats, 0);
	if (seats > next.capacity) {
		throw new Invalid(
			`the pools have ${seats} seats, more than the event's ${next.capacity}`,
			'pools_exceed_capacity'
		);
	}
	const known = new Set(current?.pools.map((p) => p.id));
	for (const p of next.pools) {
		if (p.id !== undefined && !known.has(p.id)) throw new Invalid('unknown pool', 'unknown_pool');
	}
	const counts = await confirmedCounts(db, eventId);
	if (counts.total > next.capacity) {
		throw new Invalid(
			`${counts.total} seats are confirmed, more than a capacity of ${next.capacity}`,
			'capacity_below_confirmed'
		);
	}
	const kept = new Set(next.pools.map((p) => p.id).filter(Boolean));
	for (const pool of current?.pools ?? []) {
		if (!kept.has(pool.id) && (counts.byPool.get(pool.id) ?? 0) > 0) {
			throw new Invalid('a pool that holds confirmed seats cannot be removed', 'pool_in_use');
		}
	}
	for (const p of next.pools) {
		const confirmed = p.id ? (counts.byPool.get(p.id) ?? 0) : 0;
		if (p.seats < confirmed) {
			throw new Invalid(
				`${confirmed} seats are confirmed in the pool ${p.nameEn}, more than ${p.seats}`,
				'pool_below_confirmed'
			);
		}
	}

	const row = {
		enabled: next.enabled ? 1 : 0,
		opens_at: next.opensAt,
		closes_at: next.closesAt,
		unregister_by: next.unregisterBy,
		late_unregister: next.lateUnregister ? 1 : 0,
		capacity: next.capacity,
		mode: next.mode,
		draw_minutes: next.mode === 'draw' ? next.drawMinutes : null,
		merge_at: next.mergeAt,
		price_member_ore: next.priceMemberOre,
		price_other_ore: next.priceOtherOre,
		question_no: next.questionNo,
		question_en: next.questionEn,
		answer_keep_days: next.answerKeepDays,
		refund_on_unregister: next.refundOnUnregister ? 1 : 0,
		updated_at: options.now.toISOString()
	};
	if (current) {
		await db.updateTable('event_registration').set(row).where('event_id', '=', eventId).execute();
	} else {
		await db
			.insertInto('event_registration')
			.values({ ...row, event_id: eventId })
			.execute();
	}
	const dropped = [...known].filter((id) => !kept.has(id));
	if (dropped.length > 0) {
		// Only a cancelled registration can still name a dropped pool (the check above).
		await db
			.updateTable('registrations')
			.set({ pool_id: null })
			.where('pool_id', 'in', dropped)
			.execute();
		await db.deleteFrom('registration_pools').where('id', 'in', dropped).execute();
	}
	for (const [sort, p] of next.pools.entries()) {
		const values = {
			sort,
			name_no: p.nameNo,
			name_en: p.nameEn,
			seats: p.seats,
			eligibility: p.eligibility,
			unit_ids: p.eligibility === 'units' ? JSON.stringify(p.unitIds) : null,
			campus_id: p.eligibility === 'campus' ? p.campusId : null
		};
		if (p.id) {
			await db.updateTable('registration_pools').set(values).where('id', '=', p.id).execute();
		} else {
			await db
				.insertInto('registration_pools')
				.values({ ...values, id: randomUUID(), event_id: eventId })
				.execute();
		}
	}
}
