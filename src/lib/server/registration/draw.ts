// The draw: everyone who registered in the first `drawMinutes` after opening ("entered") is placed
// in a random order when the window closes, then seats go by that order and first come after it.
// The order comes from a seed kept on the event (SHA-256 of the seed and a counter), so it can be
// shown and checked; the places the entries are given are the arrival numbers they held, so every
// registration after the window still queues behind them. Run by whoever comes first after the
// window, under the event's lock: the draw happens once (drawn_at), whoever triggers it.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { EventRegistration } from './types';

type Tx = Kysely<Database>;

/** When the draw's window closes; null for an event that opens first come. */
export function drawAt(registration: EventRegistration): Date | null {
	if (registration.mode !== 'draw' || registration.drawMinutes === null) return null;
	return new Date(Date.parse(registration.opensAt) + registration.drawMinutes * 60_000);
}

export const inDrawWindow = (registration: EventRegistration, now: Date) => {
	const at = drawAt(registration);
	return at !== null && registration.drawnAt === null && now < at;
};

export const drawDue = (registration: EventRegistration, now: Date) => {
	const at = drawAt(registration);
	return at !== null && registration.drawnAt === null && now >= at;
};

/** `items` in the order the seed gives (a Fisher–Yates shuffle). */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
	const out = [...items];
	for (let i = out.length - 1; i > 0; i--) {
		const digest = createHash('sha256').update(`${seed}:${i}`).digest();
		// 48 bits: the modulo bias is below 1 in 10^9 for any list this site sees.
		const j = digest.readUIntBE(0, 6) % (i + 1);
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}

/** Places the entries by a new seed and marks the event drawn; the caller then fills the seats. */
export async function runDraw(
	db: Tx,
	registration: EventRegistration,
	now: Date,
	seed = randomBytes(16).toString('hex')
): Promise<void> {
	const entries = await db
		.selectFrom('registrations')
		.select(['id', 'arrival'])
		.where('event_id', '=', registration.eventId)
		.where('status', '=', 'entered')
		.orderBy('arrival')
		.execute();
	const places = entries.map((e) => e.arrival);
	for (const [i, entry] of shuffled(entries, seed).entries()) {
		await db
			.updateTable('registrations')
			.set({ status: 'waiting', queue: places[i]!, updated_at: now.toISOString() })
			.where('id', '=', entry.id)
			.execute();
	}
	const drawnAt = now.toISOString();
	await db
		.updateTable('event_registration')
		.set({ draw_seed: seed, drawn_at: drawnAt })
		.where('event_id', '=', registration.eventId)
		.execute();
	registration.drawSeed = seed;
	registration.drawnAt = drawnAt;
}
