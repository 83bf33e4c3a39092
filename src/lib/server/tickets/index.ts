// Tickets and the door's check-in (issue 33). A member's ticket is a signed token naming the event
// and their registration (token.ts), issued for a seat that lets one in (seats.ts); the door page
// checks its signature offline with the public keys, and the server checks it again with the seat
// and writes the check-in once (check-in.ts). The door is for the event's organisers (admins and
// its unit's leaders), as registration's admin pages are. Arrivals (attendance) are another
// domain's: `onArrival` is told of each new check-in inside its transaction.
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { Keyring } from '../crypto/keyring';
import { Conflict, Invalid } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { requireOrganiser } from '../registration/organiser';
import {
	CheckInRequest,
	CheckInSyncRequest,
	type CheckInResponse,
	type CheckInSyncResponse,
	type TicketRefusal
} from '$lib/schemas/check-in';
import { admit, type CheckIn } from './check-in';
import { holders, holdsSeat, personOf } from './seats';
import { issueTicket, TICKET_PURPOSE } from './token';

export { recordCheckIn, type CheckIn } from './check-in';

/** The ticket page's address on the site at `origin`, for a mail (the page itself is web's). */
export const ticketAddress = (origin: string, eventId: string, locale: string | null) =>
	`${origin}/${locale === 'en' ? 'en' : 'no'}/events/${encodeURIComponent(eventId)}/ticket`;

export interface TicketsDeps {
	db: Db;
	keyring: Pick<Keyring, 'signingKeys'>;
	roles: Pick<RolesService, 'require'>;
	/** Told of each new check-in in its transaction (attendance records the arrival). */
	onArrival?: (trx: Db, checkIn: CheckIn) => Promise<void>;
}

/** What the door page keeps for working offline: whom to let in and the keys to check tickets. */
export interface DoorKit {
	eventId: string;
	title: { no: string; en: string };
	/** Public keys (raw Ed25519, base64url) by id; the current first. */
	keys: { id: string; raw: string }[];
	/** Each with their ticket, so that a check-in found by name goes the way a scan goes. */
	attendees: (ReturnType<typeof personOf> & {
		token: string;
		checkedIn: { at: string; door: string } | null;
	})[];
}

const REFUSAL_WORDS: Record<TicketRefusal, string> = {
	malformed_ticket: 'this is not a ticket',
	forged_ticket: 'this ticket is not signed by this site',
	other_event: 'this ticket is for another event',
	ticket_not_valid: 'this ticket’s registration holds no seat'
};

/** A single scan's refusal as the domain's error: a bad ticket is invalid, a good one refused. */
function refusalError(code: TicketRefusal) {
	return code === 'malformed_ticket' || code === 'forged_ticket'
		? new Invalid(REFUSAL_WORDS[code], code)
		: new Conflict(REFUSAL_WORDS[code], code);
}

function parsedOr<T>(
	schema: { safeParse(v: unknown): { success: boolean; data?: T } },
	v: unknown
): T {
	const result = schema.safeParse(v);
	if (!result.success) throw new Invalid('invalid input', 'invalid');
	return result.data as T;
}

export function ticketsService(deps: TicketsDeps) {
	const { db, roles } = deps;
	const keys = () => deps.keyring.signingKeys(TICKET_PURPOSE);
	const tokenOf = (eventId: string, registrationId: string) =>
		issueTicket(keys(), { eventId, registrationId });

	/** A scan's time from the door: its own, unless after `now` (a door's clock ahead). */
	const scanTime = (at: string, now: Date) =>
		new Date(Math.min(Date.parse(at), now.getTime())).toISOString();

	async function admitted(
		ctx: UserContext,
		eventId: string,
		token: string,
		door: string,
		at: string,
		now: Date
	) {
		const by = signedIn(ctx).id;
		return db.transaction().execute(async (trx) => {
			const admission = await admit(trx, keys(), { eventId, token, door, by, at }, now);
			if (admission.ok && admission.made) await deps.onArrival?.(trx, admission.made);
			return admission;
		});
	}

	return {
		/** The public keys a ticket is checked with, current first. */
		publicKeys: () => keys().verifying.map(({ id, raw }) => ({ id, raw })),

		/** The signed-in member's tickets by event id: every seat of theirs that lets them in. */
		async mine(ctx: UserContext): Promise<Map<string, string>> {
			const user = signedIn(ctx);
			const rows = await db
				.selectFrom('registrations')
				.leftJoin('orders', 'orders.id', 'registrations.order_id')
				.select(['registrations.id', 'registrations.event_id'])
				.where('registrations.user_id', '=', user.id)
				.where((eb) => holdsSeat(eb))
				.execute();
			return new Map(rows.map((r) => [r.event_id, tokenOf(r.event_id, r.id)]));
		},

		/** The signed-in member's ticket for `eventId`; null when their seat (if any) lets no one in. */
		async forEvent(ctx: UserContext, eventId: string): Promise<string | null> {
			const user = signedIn(ctx);
			const row = await db
				.selectFrom('registrations')
				.leftJoin('orders', 'orders.id', 'registrations.order_id')
				.select('registrations.id')
				.where('registrations.user_id', '=', user.id)
				.where('registrations.event_id', '=', eventId)
				.where((eb) => holdsSeat(eb))
				.executeTakeFirst();
			return row ? tokenOf(eventId, row.id) : null;
		},

		/** The door page's kit for an organiser: the event's ticket holders and the public keys. */
		async door(ctx: UserContext, eventId: string): Promise<DoorKit> {
			await requireOrganiser(db, roles, ctx, eventId);
			const [event, rows] = await Promise.all([
				db
					.selectFrom('events')
					.select(['title_no', 'title_en'])
					.where('id', '=', eventId)
					.executeTakeFirstOrThrow(),
				holders(db, eventId).orderBy('users.name').orderBy('registrations.id').execute()
			]);
			return {
				eventId,
				title: { no: event.title_no, en: event.title_en },
				keys: this.publicKeys(),
				attendees: rows.map((r) => ({
					...personOf(r),
					token: tokenOf(eventId, r.id),
					checkedIn:
						r.checked_in_at === null ? null : { at: r.checked_in_at, door: r.checked_in_door! }
				}))
			};
		},

		/**
		 * One scan at the door: the person let in (`checked_in`), or told already in (`already`,
		 * with the first scan's time and door). A bad ticket is Invalid; a real ticket of another
		 * event, or of a registration that holds no seat, is a Conflict; nothing is written then.
		 */
		async checkIn(
			ctx: UserContext,
			eventId: string,
			input: CheckInRequest,
			now = new Date()
		): Promise<CheckInResponse> {
			await requireOrganiser(db, roles, ctx, eventId);
			const { token, door } = parsedOr<CheckInRequest>(CheckInRequest, input);
			const admission = await admitted(ctx, eventId, token, door, now.toISOString(), now);
			if (!admission.ok) throw refusalError(admission.code);
			return admission.checkIn;
		},

		/**
		 * A door's queue of scans made offline, in order, each with the door's time: a result per
		 * scan, as a single scan would answer (a refusal as its code). A ticket another door or an
		 * earlier sync already checked in is `already`; so sending the same queue twice changes nothing.
		 */
		async sync(
			ctx: UserContext,
			eventId: string,
			input: CheckInSyncRequest,
			now = new Date()
		): Promise<CheckInSyncResponse> {
			await requireOrganiser(db, roles, ctx, eventId);
			const { door, scans } = parsedOr<CheckInSyncRequest>(CheckInSyncRequest, input);
			const results: CheckInSyncResponse['results'] = [];
			for (const scan of scans) {
				const admission = await admitted(
					ctx,
					eventId,
					scan.token,
					door,
					scanTime(scan.at, now),
					now
				);
				results.push(
					admission.ok ? admission.checkIn : { outcome: 'refused', code: admission.code }
				);
			}
			return { results };
		}
	};
}

export type TicketsService = ReturnType<typeof ticketsService>;
