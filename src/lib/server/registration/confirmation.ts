// The mail confirming a seat, with the ticket (issue 33: "in the confirmation e-mail"). Written in
// the registration's own transaction, so a seat and its mail are kept or lost together, and queued
// for the outbox's drain (mail/drain.ts): at an opening's rush a thousand seats are given in a few
// seconds, and sending each at once would hold the event's line for as long as SMTP takes. Once per
// registration (its occasion key), so a batch run again writes nothing twice.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db';
import { recordQueued } from '../mail';
import type { EventRegistration } from './types';
import type { NewConfirmed } from './register';
import { confirmedMail, registrationLocale, type RegistrationLocale } from './words';

/** The ticket page's full address in `locale`, when the site knows its origin. */
export type TicketUrl = (eventId: string, locale: RegistrationLocale) => string;

/**
 * Writes the confirmation of each seat given out. A paid event's seat is not confirmed by a mail
 * here: its ticket lets one in only once paid, and the payment's own mail follows that.
 */
export async function recordConfirmations(
	db: Kysely<Database>,
	registration: EventRegistration,
	seats: readonly NewConfirmed[],
	ticketUrl: TicketUrl | null,
	now: Date
): Promise<void> {
	const paid = registration.priceMemberOre !== null || registration.priceOtherOre !== null;
	if (seats.length === 0 || paid) return;
	const people = await db
		.selectFrom('users')
		.select(['id', 'email', 'name', 'locale'])
		.where(
			'id',
			'in',
			seats.map((s) => s.userId)
		)
		.execute();
	const byId = new Map(people.map((p) => [p.id, p]));
	for (const seat of seats) {
		const person = byId.get(seat.userId);
		// An address the outbox would refuse gets no mail rather than failing everyone's seats.
		if (!person?.email || !z.email().safeParse(person.email).success) continue;
		const locale = registrationLocale(person.locale);
		await recordQueued(
			db,
			{
				kind: 'registration-confirmed',
				to: person.email,
				about: { userId: seat.userId },
				...confirmedMail(
					locale,
					person,
					registration.title,
					ticketUrl?.(registration.eventId, locale) ?? null
				)
			},
			`confirmed:${seat.registrationId}`,
			now
		);
	}
}
