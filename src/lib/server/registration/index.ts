// Event registration: what routes and the scheduler call. Each change is one transaction under the
// event's lock (register.ts); the mails its promotions wrote to the outbox are sent after the
// commit. Settings and removals are for admins and the leaders of the event's unit, and audited.
import type { UserContext } from '../context';
import type { Db } from '../db';
import { record, recordChange } from '../audit';
import { Invalid, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import type { PaymentsService } from '../payments';
import { eraseOldAnswers } from './answers';
import { drawDue } from './draw';
import {
	cancelRegistration,
	liveRow,
	lockedEvent,
	mineOf,
	registerPerson,
	settle,
	unregisterPerson
} from './register';
import { seatsDue } from './seat-orders';
import { confirmedCounts, statusCounts } from './seats';
import { auditedSettings, loadRegistration, writeSettings } from './settings';
import {
	RegisterInput,
	RemovalInput,
	SettingsInput,
	type EventRegistration,
	type Mine,
	type Overview
} from './types';
import type { Promotion } from './waiting-list';

export * from './types';

export interface RegistrationDeps {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	/** Sends the promotion mails once their transaction committed; absent: they wait in the outbox. */
	mail?: Pick<Mailer, 'deliver'>;
	/** Whether a payment provider is configured: a price is refused without one. */
	canTakePayments: boolean;
	/** The shop's payment flows: a paid seat given up is refunded through them (by the policy). */
	payments?: Pick<PaymentsService, 'refundOrder'>;
}

function parsed<T>(
	schema: {
		safeParse(
			input: unknown
		): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
	},
	input: unknown
): T {
	const result = schema.safeParse(input);
	if (!result.success)
		throw new Invalid(result.error.issues[0]?.message ?? 'invalid input', 'invalid');
	return result.data;
}

export function registrationService(deps: RegistrationDeps) {
	const { db, roles } = deps;

	/** Runs `work` in one transaction and then sends the mails of the promotions it made. */
	async function changing<T extends { promotions: Promotion[] }>(
		work: (trx: Db) => Promise<T>
	): Promise<T> {
		const result = await db.transaction().execute(work);
		for (const p of result.promotions) if (p.mailId) await deps.mail?.deliver(p.mailId);
		return result;
	}

	async function organiser(ctx: UserContext, eventId: string) {
		const event = await db
			.selectFrom('events')
			.select('unit_id')
			.where('id', '=', eventId)
			.executeTakeFirst();
		if (!event) throw new NotFound('unknown event', 'unknown_event');
		return roles.require(ctx, { action: 'edit-content', unitId: event.unit_id });
	}

	return {
		/** The event's registration settings for its organisers; null when it has none yet. */
		async settings(ctx: UserContext, eventId: string): Promise<EventRegistration | null> {
			await organiser(ctx, eventId);
			return loadRegistration(db, eventId);
		},

		/** Saves the settings; a capacity or pool raised gives seats to the waiting at once. */
		async saveSettings(
			ctx: UserContext,
			eventId: string,
			input: SettingsInput,
			now = new Date()
		): Promise<EventRegistration> {
			const user = await organiser(ctx, eventId);
			const next = parsed(SettingsInput, input);
			const { saved } = await changing(async (trx) => {
				const current = await loadRegistration(trx, eventId, { lock: true });
				await writeSettings(trx, eventId, current, next, {
					canTakePayments: deps.canTakePayments,
					now
				});
				const saved = (await loadRegistration(trx, eventId))!;
				await recordChange(trx, {
					actor: user.id,
					subjectType: 'event_registration',
					subjectId: eventId,
					action: current ? 'update' : 'create',
					before: auditedSettings(current),
					after: auditedSettings(saved),
					at: now
				});
				return { saved, promotions: await settle(trx, saved, now) };
			});
			return saved;
		},

		/** Registers the signed-in person: confirmed with the pool, waiting with the position, or entered in the draw. */
		async register(
			ctx: UserContext,
			eventId: string,
			input: RegisterInput = {},
			now = new Date()
		): Promise<Mine> {
			const user = signedIn(ctx);
			const { answer } = parsed(RegisterInput, input);
			return (await changing((trx) => registerPerson(trx, eventId, user.id, answer, now))).mine;
		},

		/** Gives up the signed-in person's registration; `late` when after the deadline (allowed). */
		async unregister(
			ctx: UserContext,
			eventId: string,
			now = new Date()
		): Promise<{ mine: Mine; late: boolean }> {
			const user = signedIn(ctx);
			const { mine, late, refund } = await changing((trx) =>
				unregisterPerson(trx, eventId, user.id, now)
			);
			// The seat is given up already; a refund the provider does not confirm stays
			// `refunding`, and the payments' reconciliation finishes it.
			if (refund) {
				await deps.payments?.refundOrder(ctx, refund, {
					actor: `registration:${user.id}`,
					userId: user.id
				});
			}
			return { mine, late };
		},

		/** An organiser removes a person with a reason (audited); the next in line moves up. */
		async remove(
			ctx: UserContext,
			eventId: string,
			input: RemovalInput,
			now = new Date()
		): Promise<void> {
			const actor = await organiser(ctx, eventId);
			const { userId, reason } = parsed(RemovalInput, input);
			await changing(async (trx) => {
				const { registration, promotions } = await lockedEvent(trx, eventId, now);
				const row = await liveRow(trx, eventId, userId);
				if (!row) throw new NotFound('this person is not registered', 'not_registered');
				await record(trx, {
					actor: actor.id,
					subjectType: 'registration',
					subjectId: row.id,
					action: 'remove',
					details: { eventId, userId, status: row.status, reason },
					at: now
				});
				const more = await cancelRegistration(trx, registration, row, `removed: ${reason}`, now);
				return { promotions: [...promotions, ...more] };
			});
		},

		/** The event's registration as a member sees it, with their own answer. */
		async overview(ctx: UserContext, eventId: string, now = new Date()): Promise<Overview> {
			let registration = await loadRegistration(db, eventId);
			if (!registration?.enabled)
				throw new NotFound('this event has no registration', 'unknown_event');
			if (drawDue(registration, now)) {
				registration = (await changing((trx) => lockedEvent(trx, eventId, now))).registration;
			}
			const [counts, statuses] = await Promise.all([
				confirmedCounts(db, eventId),
				statusCounts(db, eventId)
			]);
			const user = ctx.user && !ctx.user.isAnonymous ? ctx.user : null;
			const row = user ? await liveRow(db, eventId, user.id) : undefined;
			return {
				open:
					now.getTime() >= Date.parse(registration.opensAt) &&
					now.getTime() < Date.parse(registration.closesAt),
				opensAt: registration.opensAt,
				closesAt: registration.closesAt,
				capacity: registration.capacity,
				confirmed: counts.total,
				waiting: (statuses.waiting ?? 0) + (statuses.entered ?? 0),
				pools: registration.pools.map((p) => ({
					id: p.id,
					name: p.name,
					capacity: p.seats,
					confirmed: counts.byPool.get(p.id) ?? 0
				})),
				mine: await mineOf(db, registration, row)
			};
		},

		/** Erases the answers kept past their days after the event (the cleanup); returns how many. */
		eraseOldAnswers: (now = new Date()) => eraseOldAnswers(db, now),

		/**
		 * What came due without a request (the scheduler): draws whose window closed, seats the
		 * merge time opened for the waiting, and paid seats unpaid at their deadline. Idempotent;
		 * returns how many people got a seat.
		 */
		async runDue(now = new Date()): Promise<number> {
			const at = now.toISOString();
			const candidates = await db
				.selectFrom('event_registration')
				.select('event_id')
				.where('enabled', '=', 1)
				.where((eb) =>
					eb.or([
						eb.and([
							eb('closes_at', '>', at),
							eb.or([
								eb.and([
									eb('mode', '=', 'draw'),
									eb('drawn_at', 'is', null),
									eb('opens_at', '<=', at)
								]),
								eb('merge_at', '<=', at)
							])
						]),
						// A seat's deadline may pass after registration closed: it still goes to the next.
						seatsDue(eb, at)
					])
				)
				.execute();
			let seated = 0;
			for (const { event_id } of candidates) {
				const { promotions } = await changing((trx) => lockedEvent(trx, event_id, now));
				seated += promotions.length;
			}
			return seated;
		}
	};
}

export type RegistrationService = ReturnType<typeof registrationService>;
