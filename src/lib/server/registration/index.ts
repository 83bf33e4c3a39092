// Event registration: what routes and the scheduler call. Each change is one transaction under the
// event's lock (register.ts); the mails its promotions wrote to the outbox are sent after the
// commit. Settings and the organiser's changes to the lists (add, move, remove, a message) are for
// admins and the leaders of the event's unit, and audited.
import { adminContext, type Context, type UserContext } from '../context';
import type { Db } from '../db';
import { record, recordChange } from '../audit';
import { Invalid, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import type { Mailer } from '../mail';
import { toCsv } from '../csv';
import type { PaymentsService } from '../payments';
import { personalOpening } from '../attendance/ladder';
import { marksOutlook } from '../attendance/marks';
import { eraseOldAnswers } from './answers';
import { writeMessage } from './announce';
import { drawDue } from './draw';
import { eventQueue, type Settled } from './event-queue';
import { ineligibility, liveRegistrationsOf } from './member-view';
import {
	cancelRegistration,
	liveRow,
	lockedEvent,
	mineOf,
	registerPeople,
	type Ask,
	settle,
	unregisterPerson
} from './register';
import { addPerson, attendeeLists, editorChoices, movePerson } from './organise';
import { requireOrganiser } from './organiser';
import { paidOrder, seatsDue } from './seat-orders';
import { confirmedCounts, statusCounts } from './seats';
import { auditedSettings, inputOf, loadRegistration, writeSettings } from './settings';
import {
	AddInput,
	MessageInput,
	MoveInput,
	RegisterInput,
	RemovalInput,
	SettingsInput,
	type AttendeeLists,
	type EventRegistration,
	type MemberView,
	type Mine,
	type MyRegistration,
	type Overview
} from './types';
import type { Promotion } from './waiting-list';
import { recordConfirmations, type TicketUrl } from './confirmation';
import { attendeeFileWords, registrationLocale } from './words';

export * from './types';
export { requireOrganiser } from './organiser';
export { eventOfSeatOrder } from './seat-orders';

export interface RegistrationDeps {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	/** Sends the promotion mails once their transaction committed; absent: they wait in the outbox. */
	mail?: Pick<Mailer, 'deliver'>;
	/** The ticket page's address for the confirmation mail; absent (no PUBLIC_ORIGIN): the mail says where it is. */
	ticketUrl?: TicketUrl;
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

/** The signed-in person of `ctx`; null for a visitor or an anonymous cart's session. */
const member = (ctx: UserContext) => (ctx.user && !ctx.user.isAnonymous ? ctx.user : null);

export function registrationService(deps: RegistrationDeps) {
	const { db, roles } = deps;
	/** The asks' answers, from one transaction; see registerPeople. */
	async function registerAll(eventId: string, asks: Ask[]): Promise<Settled<Mine>[]> {
		const { answers } = await changing(async (trx) => {
			const batch = await registerPeople(trx, eventId, asks);
			const at = asks[asks.length - 1]!.now;
			const ticketUrl = deps.ticketUrl ?? null;
			await recordConfirmations(trx, batch.registration, batch.confirmed, ticketUrl, at);
			return batch;
		});
		return answers.map((a) =>
			'refused' in a ? { ok: false, error: a.refused } : { ok: true, value: a.mine }
		);
	}

	// Members' writes take turns per event before they take a connection, and the registrations
	// that waited together go as one batch (event-queue.ts).
	const { join, inTurn } = eventQueue<Ask, Mine>(async (eventId, asks) => {
		try {
			return await registerAll(eventId, asks);
		} catch (error) {
			if (asks.length === 1) throw error;
			// Not a refusal (those are answers): so that one ask's failure is not everyone's, each
			// goes again alone, in order.
			const answers: Settled<Mine>[] = [];
			for (const ask of asks) {
				answers.push(
					await registerAll(eventId, [ask]).then(
						([only]) => only!,
						(error: unknown) => ({ ok: false, error })
					)
				);
			}
			return answers;
		}
	});

	/** Runs `work` in one transaction and then sends the mails of the promotions it made. */
	async function changing<T extends { promotions: Promotion[] }>(
		work: (trx: Db) => Promise<T>
	): Promise<T> {
		const result = await db.transaction().execute(work);
		for (const p of result.promotions) if (p.mailId) await deps.mail?.deliver(p.mailId);
		return result;
	}

	/**
	 * An organiser's change to one registration, under the event's lock: audited with what `work`
	 * answers (but its promotions), and the mails of the seats it gave out sent after the commit.
	 */
	async function organising<T extends { registrationId: string; promotions?: Promotion[] }>(
		actor: string,
		eventId: string,
		action: string,
		now: Date,
		work: (trx: Db, registration: EventRegistration) => Promise<T>
	): Promise<T> {
		const { result } = await changing(async (trx) => {
			const { registration, promotions } = await lockedEvent(trx, eventId, now);
			const result = await work(trx, registration);
			const { registrationId, promotions: more = [], ...details } = result;
			await record(trx, {
				actor,
				subjectType: 'registration',
				subjectId: registrationId,
				action,
				details: { eventId, ...details },
				at: now
			});
			return { result, promotions: [...promotions, ...more] };
		});
		return result;
	}

	const organiser = (ctx: UserContext, eventId: string) =>
		requireOrganiser(db, roles, ctx, eventId);

	/**
	 * Gives a given-up seat's money back through the shop's refund, after its transaction
	 * committed (it asks the provider); one the provider does not confirm stays `refunding`, and
	 * the payments' reconciliation finishes it. Nothing for a seat without a paid order (null).
	 */
	async function refundSeat(ctx: Context, orderId: string | null, actorId: string) {
		if (!orderId) return;
		await deps.payments?.refundOrder(ctx, orderId, {
			actor: `registration:${actorId}`,
			userId: actorId
		});
	}

	/** `registration` with its draw made, if it is on and the draw's window has closed. */
	async function withDueDraw(registration: EventRegistration, now: Date) {
		if (!registration.enabled || !drawDue(registration, now)) return registration;
		return (await changing((trx) => lockedEvent(trx, registration.eventId, now))).registration;
	}

	/** The event's registration with a due draw run; null when it has none or it is off. */
	async function current(eventId: string, now: Date): Promise<EventRegistration | null> {
		const registration = await loadRegistration(db, eventId);
		return registration?.enabled ? withDueDraw(registration, now) : null;
	}

	async function registrationsOfMember(
		userId: string,
		now: Date,
		endedAfter: Date
	): Promise<MyRegistration[]> {
		const rows = await liveRegistrationsOf(db, userId, endedAfter);
		const list: MyRegistration[] = [];
		for (const row of rows) {
			const loaded = await loadRegistration(db, row.event_id);
			if (!loaded?.enabled) continue;
			const drew = drawDue(loaded, now);
			const registration = await withDueDraw(loaded, now);
			// A draw made just now moved the row since it was read; otherwise it stands.
			const fresh = drew ? await liveRow(db, row.event_id, userId) : row;
			const mine = await mineOf(db, registration, fresh);
			if (mine.status === 'none') continue;
			list.push({
				eventId: row.event_id,
				slugs: { no: row.event_id, en: row.slug_en ?? row.event_id },
				title: { no: row.title_no, en: row.title_en },
				startsAt: row.starts_at,
				mine
			});
		}
		return list;
	}

	async function overviewOf(
		registration: EventRegistration,
		ctx: UserContext,
		now: Date
	): Promise<Overview> {
		const eventId = registration.eventId;
		const [counts, statuses] = await Promise.all([
			confirmedCounts(db, eventId),
			statusCounts(db, eventId)
		]);
		const user = member(ctx);
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
	}

	const service = {
		/** The event's registration settings for its organisers; null when it has none yet. */
		async settings(ctx: UserContext, eventId: string): Promise<EventRegistration | null> {
			await organiser(ctx, eventId);
			return loadRegistration(db, eventId);
		},

		/** The settings form's start: the event, its registration (null: none yet), the choices. */
		async editor(ctx: UserContext, eventId: string) {
			await organiser(ctx, eventId);
			const [registration, choices] = await Promise.all([
				loadRegistration(db, eventId),
				editorChoices(db, eventId)
			]);
			return { ...choices, registration };
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
			return join(eventId, { userId: user.id, answer, now });
		},

		/**
		 * Gives up the signed-in person's registration; `late` when after the deadline (allowed).
		 * `lateConfirmed: false`: a late one is refused with `confirm_late` (the page's check box).
		 */
		async unregister(
			ctx: UserContext,
			eventId: string,
			now = new Date(),
			{ lateConfirmed = true }: { lateConfirmed?: boolean } = {}
		): Promise<{ mine: Mine; late: boolean }> {
			const user = signedIn(ctx);
			const { mine, late, refund } = await inTurn(eventId, () =>
				changing((trx) => unregisterPerson(trx, eventId, user.id, now, lateConfirmed))
			);
			await refundSeat(ctx, refund, user.id);
			return { mine, late };
		},

		/**
		 * An organiser removes a person with a reason (audited); the next in line moves up. A paid
		 * seat's money goes back whatever the event's policy for unregistering (the member did not
		 * choose to leave), through the shop's refund after the commit; one the provider does not
		 * confirm stays `refunding`, and the payments' reconciliation finishes it.
		 */
		async remove(
			ctx: UserContext,
			eventId: string,
			input: RemovalInput,
			now = new Date()
		): Promise<void> {
			const actor = await organiser(ctx, eventId);
			const { userId, reason } = parsed(RemovalInput, input);
			const { refund } = await changing(async (trx) => {
				const { registration, promotions } = await lockedEvent(trx, eventId, now);
				const row = await liveRow(trx, eventId, userId);
				if (!row) throw new NotFound('this person is not registered', 'not_registered');
				const refund = await paidOrder(trx, row);
				await record(trx, {
					actor: actor.id,
					subjectType: 'registration',
					subjectId: row.id,
					action: 'remove',
					details: { eventId, userId, status: row.status, reason, ...(refund && { refund }) },
					at: now
				});
				const more = await cancelRegistration(trx, registration, row, `removed: ${reason}`, now);
				return { promotions: [...promotions, ...more], refund };
			});
			await refundSeat(adminContext(`registration:${actor.id}`), refund, actor.id);
		},

		/** An organiser adds a person by their account's e-mail (audited); see organise.ts. */
		async add(ctx: UserContext, eventId: string, input: AddInput, now = new Date()) {
			const actor = await organiser(ctx, eventId);
			const add = parsed(AddInput, input);
			const { registrationId: _, ...added } = await organising(
				actor.id,
				eventId,
				'add',
				now,
				(trx, r) => addPerson(trx, r, add, now)
			);
			return added;
		},

		/** An organiser moves a person to a seat in another pool (audited); the next moves up. */
		async move(ctx: UserContext, eventId: string, input: MoveInput, now = new Date()) {
			const actor = await organiser(ctx, eventId);
			const move = parsed(MoveInput, input);
			await organising(actor.id, eventId, 'move', now, async (trx, r) => ({
				...(await movePerson(trx, r, move, now)),
				to: move.poolId
			}));
		},

		/** Sets the capacity alone, as a save of the stored settings with it (audited there). */
		async setCapacity(ctx: UserContext, eventId: string, capacity: number, now = new Date()) {
			await organiser(ctx, eventId);
			const current = await loadRegistration(db, eventId);
			if (!current) throw new NotFound('this event has no registration', 'unknown_event');
			return service.saveSettings(ctx, eventId, { ...inputOf(current), capacity }, now);
		},

		/** An organiser's message to the attendees or the waiting list, through the outbox (audited). */
		async message(ctx: UserContext, eventId: string, input: MessageInput, now = new Date()) {
			const actor = await organiser(ctx, eventId);
			const message = parsed(MessageInput, input);
			const registration = await loadRegistration(db, eventId);
			if (!registration) throw new NotFound('this event has no registration', 'unknown_event');
			const ids = await db.transaction().execute(async (trx) => {
				const ids = await writeMessage(trx, registration, message, now);
				await record(trx, {
					actor: actor.id,
					subjectType: 'event_registration',
					subjectId: eventId,
					action: 'message',
					details: {
						audience: message.audience,
						recipients: ids.length,
						subject: message.subjectNo
					},
					at: now
				});
				return ids;
			});
			for (const id of ids) await deps.mail?.deliver(id);
			return { recipients: ids.length };
		},

		/** The organiser's lists: attendees per pool, the waiting list in order, the draw. */
		async attendees(ctx: UserContext, eventId: string, now = new Date()): Promise<AttendeeLists> {
			await organiser(ctx, eventId);
			const registration = await loadRegistration(db, eventId);
			if (!registration) throw new NotFound('this event has no registration', 'unknown_event');
			return attendeeLists(db, await withDueDraw(registration, now));
		},

		/** The attendees as a spreadsheet file: name, e-mail, pool, answer, paid. */
		async attendeesCsv(ctx: UserContext, eventId: string, locale: 'no' | 'en') {
			const { registration, confirmed } = await service.attendees(ctx, eventId);
			const words = attendeeFileWords(registrationLocale(locale));
			const pools = new Map(registration.pools.map((p) => [p.id, p.name[locale] || p.name.no]));
			return toCsv(
				words.header,
				confirmed.map((a) => [
					a.name,
					a.email,
					a.poolId ? (pools.get(a.poolId) ?? '') : '',
					a.answer,
					words.paid(a.paid)
				]),
				locale
			);
		},

		/** The event's registration as a member sees it, with their own answer. */
		async overview(ctx: UserContext, eventId: string, now = new Date()): Promise<Overview> {
			const registration = await current(eventId, now);
			if (!registration) throw new NotFound('this event has no registration', 'unknown_event');
			return overviewOf(registration, ctx, now);
		},

		/**
		 * The event page's view: the overview, the question and the unregistration deadline, and for
		 * a signed-in person no pool admits what the pools ask for. Null: the event takes no
		 * registrations (the page then shows none).
		 */
		async view(ctx: UserContext, eventId: string, now = new Date()): Promise<MemberView | null> {
			const registration = await current(eventId, now);
			if (!registration) return null;
			const user = member(ctx);
			const [overview, ineligible, marks] = await Promise.all([
				overviewOf(registration, ctx, now),
				user ? ineligibility(db, registration, user.id, now) : null,
				user ? marksOutlook(db, user.id, eventId, now) : null
			]);
			const { questionNo, questionEn } = registration;
			return {
				...overview,
				question: questionNo && questionEn ? { no: questionNo, en: questionEn } : null,
				unregisterBy: registration.unregisterBy,
				lateUnregister: registration.lateUnregister,
				ineligible,
				marks: marks && {
					...marks,
					opensAt: personalOpening(registration.opensAt, marks.standing)
				}
			};
		},

		/** The signed-in person's registrations of events that have not ended, soonest first. */
		async mine(ctx: UserContext, now = new Date()): Promise<MyRegistration[]> {
			return registrationsOfMember(signedIn(ctx).id, now, now);
		},

		/**
		 * A member's registrations of events that end after `endedAfter`, as `mine` lists them: for
		 * their calendar feed, whose secret address names them (a calendar app has no session).
		 */
		ofMember: registrationsOfMember,

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
	return service;
}

export type RegistrationService = ReturnType<typeof registrationService>;
