// Wire shapes of the door's check-in (issue 33): a scan (POST /api/events/{id}/check-in), a door's
// queue of offline scans (POST /api/events/{id}/check-in/sync) and their answers, which the
// OpenAPI document describes. A ticket is checked by its signature first; these only bound it.
import { z } from 'zod';
import { TICKET_MAX_LENGTH } from '$lib/tickets/format';

const Localized = z.object({ no: z.string(), en: z.string() });

/** A door's name for itself (the phone at the east entrance, say): shown beside each check-in. */
export const Door = z.string().trim().min(1).max(64);

const Token = z.string().min(1).max(TICKET_MAX_LENGTH);

export const CheckInRequest = z.strictObject({
	token: Token,
	door: Door
});
export type CheckInRequest = z.infer<typeof CheckInRequest>;

/** How many offline scans one sync carries at most: more than a door takes between two syncs. */
export const SYNC_MAX = 2000;

export const CheckInSyncRequest = z.strictObject({
	door: Door,
	scans: z
		.array(
			z.strictObject({
				token: Token,
				/** When the door scanned it (the door's clock); a time after the sync counts as the sync's. */
				at: z.iso.datetime()
			})
		)
		.min(1)
		.max(SYNC_MAX)
});
export type CheckInSyncRequest = z.infer<typeof CheckInSyncRequest>;

export const Person = z.object({
	registrationId: z.string(),
	name: z.string(),
	pool: Localized.nullable()
});

/** A ticket let in: now (`checked_in`), or by an earlier scan (`already`, with that scan's time and door). */
export const CheckInResponse = z.object({
	outcome: z.enum(['checked_in', 'already']),
	person: Person,
	at: z.iso.datetime(),
	door: z.string()
});
export type CheckInResponse = z.infer<typeof CheckInResponse>;

/** Why a ticket does not check in: the codes a single scan's error and a sync's result carry. */
export const TicketRefusal = z.enum([
	/** Not shaped like a ticket at all. */
	'malformed_ticket',
	/** Shaped like one, but the signature is not the site's: forged or altered. */
	'forged_ticket',
	/** A real ticket of another event. */
	'other_event',
	/** A real ticket whose registration no longer holds a paid seat (cancelled, removed, waiting). */
	'ticket_not_valid'
]);
export type TicketRefusal = z.infer<typeof TicketRefusal>;

export const CheckInSyncResponse = z.object({
	/** One per scan, in the order sent. */
	results: z.array(
		z.union([CheckInResponse, z.object({ outcome: z.literal('refused'), code: TicketRefusal })])
	)
});
export type CheckInSyncResponse = z.infer<typeof CheckInSyncResponse>;
