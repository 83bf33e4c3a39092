// An organiser's message to everyone with a seat, or to everyone waiting (the draw's entrants
// too): one outbox row per person, in their language when the organiser wrote that version, with
// a line saying why they get it. Written in the caller's transaction with its audit entry.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { recordMail } from '../mail';
import type { EventRegistration, Message } from './types';
import { organiserMail, registrationLocale } from './words';

type Tx = Kysely<Database>;

/** Writes the message for each recipient to the outbox; returns the outbox rows' ids. */
export async function writeMessage(
	db: Tx,
	registration: EventRegistration,
	message: Message,
	now: Date
): Promise<string[]> {
	const statuses = message.audience === 'confirmed' ? ['confirmed'] : ['waiting', 'entered'];
	const people = await db
		.selectFrom('registrations')
		.innerJoin('users', 'users.id', 'registrations.user_id')
		.select(['users.id', 'users.email', 'users.locale'])
		.where('registrations.event_id', '=', registration.eventId)
		.where('registrations.status', 'in', statuses)
		.where('users.email', 'is not', null)
		.orderBy('registrations.queue')
		.execute();
	const ids: string[] = [];
	for (const person of people) {
		const english =
			registrationLocale(person.locale) === 'en' &&
			message.subjectEn !== null &&
			message.textEn !== null;
		const mail = organiserMail(
			english ? 'en' : 'no',
			message.audience,
			english
				? { subject: message.subjectEn!, text: message.textEn! }
				: { subject: message.subjectNo, text: message.textNo },
			registration.title
		);
		ids.push(
			await recordMail(
				db,
				{
					kind: 'registration-message',
					to: person.email!,
					about: { userId: person.id },
					...mail
				},
				now
			)
		);
	}
	return ids;
}
