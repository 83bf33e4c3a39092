// The contact form as a browser without JavaScript sends it: plain form posts over HTTP to the
// built server. Messages are stored, announced through the mailer port, rate limited, and a
// filled honeypot is swallowed without a trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../helpers/fixtures';
import { postForm } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
	server = await startServer({
		RATE_LIMIT_CONTACT: '3/600',
		CONTACT_TO: 'board@org.example',
		// The limits count per client address; the tests name theirs in x-forwarded-for.
		TRUST_PROXY: 'true'
	});
});
afterAll(() => server?.stop());

const post = (path: string, body: Record<string, string>, forwardedFor = '198.51.100.1') =>
	postForm(server.url, path, body, { 'x-forwarded-for': forwardedFor });

const valid = {
	name: 'Kari Nordmann',
	email: 'kari@example.org',
	subject: 'Question about membership',
	message: 'Can I become a member in the middle of the semester?'
};

type Row = Record<string, string | null>;
const messages = () =>
	withDb(server.dbFile, (db) =>
		db.prepare('select * from contact_messages order by created_at').all()
	) as Row[];
const mails = () =>
	withDb(server.dbFile, (db) =>
		db.prepare("select * from mail_outbox where kind = 'contact' order by created_at").all()
	) as Row[];

describe('contact form without JavaScript', () => {
	it('stores the message, mails it to the organisation and shows a thank-you page', async () => {
		const res = await post('/en/contact', { ...valid, website: '' });
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/contact?sent=1');

		const [stored] = messages();
		expect(stored).toMatchObject({ ...valid, locale: 'en' });
		const [mail] = mails();
		expect(mail).toMatchObject({ to_address: 'board@org.example', transport: 'outbox' });
		expect(mail!.subject).toContain('Question about membership');
		expect(mail!.text_body).toContain('in the middle of the semester');
		expect(mail!.text_body).toContain('kari@example.org');
		// Answering the notice answers the sender; its date is written for people.
		expect(mail!.reply_to).toBe('kari@example.org');
		expect(mail!.text_body).not.toMatch(/\d{4}-\d\d-\d\dT/);
		expect(stored!.mail_id).toBe(mail!.id);

		const page = await (await fetch(`${server.url}/en/contact?sent=1`)).text();
		expect(page).toContain('Thank you, your message has been sent.');
	});

	it('answers 400 with messages in the page language, keeps the input and stores nothing', async () => {
		const before = messages().length;
		const res = await post('/no/contact', {
			name: 'Ola',
			email: 'not-an-address',
			subject: '',
			message: 'Kort'
		});
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(html).toMatch(/<html[^>]*lang="no"/);
		expect(html).toContain('Rett opp feltene som er merket nedenfor.');
		expect(html).toContain('Skriv inn en gyldig e-postadresse');
		expect(html).toContain('Fyll ut dette feltet.');
		expect(html).toContain('Skriv minst 10 tegn.');
		expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Ola"|value="Ola"[^>]*name="name"/);
		expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"/);
		expect(messages().length).toBe(before);
	});

	it('treats a filled honeypot like success but stores and sends nothing', async () => {
		const [beforeMessages, beforeMails] = [messages().length, mails().length];
		const res = await post(
			'/en/contact',
			{ ...valid, website: 'https://spam.example' },
			'198.51.100.2'
		);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe('/en/contact?sent=1');
		expect(messages().length).toBe(beforeMessages);
		expect(mails().length).toBe(beforeMails);
	});

	it('limits each address to its quota of messages and says so', async () => {
		const client = '203.0.113.9';
		for (let i = 0; i < 3; i++) {
			expect((await post('/en/contact', valid, client)).status).toBe(303);
		}
		const before = messages().length;
		const res = await post('/en/contact', valid, client);
		expect(res.status).toBe(429);
		expect(await res.text()).toContain('You have sent several messages in a short time.');
		expect(messages().length).toBe(before);
		// Another address is not affected.
		expect((await post('/en/contact', valid, '203.0.113.10')).status).toBe(303);
	});

	it('refuses a cross-site post', async () => {
		const res = await fetch(`${server.url}/en/contact`, {
			method: 'POST',
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: new URLSearchParams(valid)
		});
		expect(res.status).toBe(403);
	});
});
