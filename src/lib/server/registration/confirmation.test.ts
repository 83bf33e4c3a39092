import { describe, expect, it } from 'vitest';
import { ENGINES } from '../db/test-db';
import {
	CONFIRMED,
	as,
	EVENT,
	eachRegistrationDb,
	minutes,
	people,
	saveSettings,
	service
} from './test-fixtures';

const SITE = 'https://org.example';
const ticketUrl = (eventId: string, locale: string) => `${SITE}/${locale}/events/${eventId}/ticket`;

describe.each(ENGINES)('the confirmation mail on %s', (engine) => {
	const on = eachRegistrationDb(engine);
	const mails = () =>
		on.db
			.selectFrom('mail_outbox')
			.select(['kind', 'to_address', 'subject', 'text_body', 'queued', 'sent_at'])
			.where('kind', '=', CONFIRMED)
			.orderBy('to_address')
			.execute();

	it('a confirmed seat is confirmed by a mail in the member’s language with the ticket’s address, once; the waiting get none', async () => {
		const registration = service(on.db, { ticketUrl });
		await saveSettings(registration, { capacity: 2 });
		await people(on.db, ['kari']);
		await people(on.db, ['john'], { locale: 'en' });
		await people(on.db, ['late']);
		for (const [i, id] of ['kari', 'john', 'late'].entries()) {
			await registration.register(as(id), EVENT, {}, minutes(i + 1));
		}
		await registration.register(as('kari'), EVENT, {}, minutes(5));

		const written = await mails();
		expect(written.map((m) => m.to_address)).toEqual(['john@example.org', 'kari@example.org']);
		const [john, kari] = written as [(typeof written)[0], (typeof written)[0]];
		expect(kari.subject).toBe('Du er påmeldt: Julebord');
		expect(kari.text_body).toContain(`${SITE}/no/events/${EVENT}/ticket`);
		expect(kari.text_body).toContain('kan ikke slås av');
		expect(john.subject).toBe('You are registered: Christmas party');
		expect(john.text_body).toContain(`${SITE}/en/events/${EVENT}/ticket`);
		// Queued for the drain's bounded rate, not sent during the registration.
		expect(written.every((m) => m.queued === 1 && m.sent_at === null)).toBe(true);
	});

	it('without the site’s address the mail says where the ticket is', async () => {
		await saveSettings(on.registration, { capacity: 5 });
		await people(on.db, ['kari']);
		await on.registration.register(as('kari'), EVENT, {}, minutes(1));
		const [only] = await mails();
		expect(only?.text_body).toContain('står på arrangementets side');
		expect(only?.text_body).not.toContain('http');
	});
});
