// Job applications over HTTP against the built server, as a browser without JavaScript sends them:
// the form on a job's page in both languages (stored, confirmed to the applicant, announced to the
// unit), what it refuses (a text renamed .pdf, too many attachments, missing fields, a closed job,
// too many applications from one address) with nothing stored, the honeypot, script tags that stay
// text on the staff's page, every inbox action refused to everyone but the job unit's leaders and
// the admins, the exports, and the applicant's withdrawal through the e-mailed link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, pdf } from '../../src/lib/server/files/test-fixtures';
import { zipEntries } from '../../src/lib/server/files/zip';
import { createSession, withDb } from '../helpers/fixtures';
import { mainText } from '../helpers/http';
import { Browser } from '../helpers/identity';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({
		ADMIN_EMAILS: 'admin@example.org',
		CONTACT_TO: 'board@org.example',
		RATE_LIMIT_APPLICATION: '3/3600',
		// The limit counts per client address; the tests name theirs in x-forwarded-for.
		TRUST_PROXY: 'true'
	});
});
afterAll(() => server?.stop());

const JOB = '/jobs/treasurer-oslo';
let client = 0;
/** A new client address per test, so that the rate limit counts only what a test means it to. */
const nextClient = () => `198.51.100.${++client}`;

interface FileField {
	field: 'cv' | 'attachments';
	name: string;
	bytes: Buffer;
}

const fields = (extra: Record<string, string> = {}) => ({
	name: 'Kari Nordmann',
	email: 'kari@example.org',
	phone: '+47 912 34 567',
	motivation: 'I kept the accounts of my choir for three years.',
	website: '',
	...extra
});
const aCv = (): FileField => ({ field: 'cv', name: 'cv.pdf', bytes: pdf() });

function apply(
	path: string,
	values: Record<string, string>,
	files: FileField[] = [aCv()],
	address = nextClient()
) {
	const body = new FormData();
	for (const [name, value] of Object.entries(values)) body.set(name, value);
	for (const f of files) {
		body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: 'application/pdf' }), f.name);
	}
	return fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: { origin: server.url, accept: 'text/html', 'x-forwarded-for': address },
		body
	});
}

type Row = Record<string, string | number | null>;
const query = (sql: string, ...args: unknown[]) =>
	withDb(server.dbFile, (db) => db.prepare(sql).all(...args)) as Row[];
const applications = () => query('select * from job_applications order by created_at');
const applicationFiles = () => query("select id from files where purpose = 'application'");
const byName = (name: string) =>
	query('select * from job_applications where name = ?', name)[0] as Row;

const signedIn = new Map<string, Browser>();
/** A browser signed in as `email` (made on first use, with its team role). */
function as(email: string, team?: { unit: string; role: string }) {
	const known = signedIn.get(email);
	if (known) return known;
	const session = createSession(server.dbFile, { email, name: email.split('@')[0] });
	if (team) {
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					'insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)'
				)
				.run(team.unit, session.userId, team.role, new Date().toISOString())
		);
	}
	const browser = new Browser(server.url);
	browser.setCookie('session', session.cookie.slice('session='.length));
	signedIn.set(email, browser);
	return browser;
}
const admin = () => as('admin@example.org');
const leader = () => as('leader@example.org', { unit: 'board-oslo', role: 'leader' });
const member = () => as('member@example.org', { unit: 'board-oslo', role: 'member' });
const otherLeader = () => as('bergen@example.org', { unit: 'sport-bergen', role: 'leader' });

describe('the application form without JavaScript', () => {
	it('states the privacy terms before sending, in both languages', async () => {
		const en = mainText(await (await fetch(`${server.url}/en${JOB}`)).text());
		expect(en).toContain('Apply for this role');
		expect(en).toContain('We delete it, with your files, 183 days after the application deadline.');
		expect(en).toContain('withdraw your application and have it deleted at any time');
		const no = mainText(await (await fetch(`${server.url}/no${JOB}`)).text());
		expect(no).toContain('Vi sletter den, med filene dine, 183 dager etter søknadsfristen.');
		expect(no).toContain('trekke søknaden og få den slettet');
	});

	for (const locale of ['en', 'no'] as const) {
		it(`stores an application in ${locale}, confirms it to the applicant and tells the unit`, async () => {
			const name = `Applicant ${locale}`;
			const res = await apply(
				`/${locale}${JOB}`,
				fields({ name, email: `${locale}@example.org` }),
				[aCv(), { field: 'attachments', name: 'grades.docx', bytes: docx(['Grades']) }]
			);
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toBe(`/${locale}${JOB}?sent=1`);
			const row = byName(name);
			expect(row).toMatchObject({ job_id: 'job-treasurer', status: 'received', locale });
			expect(
				query('select * from job_application_files where application_id = ?', row.id)
			).toHaveLength(2);
			const confirmation = query(
				"select * from mail_outbox where kind = 'application-confirmation' and to_address = ?",
				`${locale}@example.org`
			)[0]!;
			expect(confirmation.subject).toBe(
				locale === 'en'
					? 'We have received your application: Treasurer on the board'
					: 'Vi har mottatt søknaden din: Økonomiansvarlig i styret'
			);
			expect(String(confirmation.text_body)).toMatch(
				new RegExp(`${server.url}/${locale}/applications/${row.id}/withdraw\\?token=`)
			);
			const mailIds = JSON.parse(String(row.mail_ids)) as string[];
			const notices = query(
				`select * from mail_outbox where kind = 'application-notice' and id in (${mailIds.map(() => '?').join(',')})`,
				...mailIds
			);
			expect(notices.length).toBeGreaterThan(0);

			const page = await (await fetch(`${server.url}/${locale}${JOB}?sent=1`)).text();
			expect(mainText(page)).toContain(
				locale === 'en'
					? 'Thank you, we have received your application.'
					: 'Takk, vi har mottatt søknaden din.'
			);
		});
	}

	it('refuses a text renamed .pdf with a clear message, keeps the typed fields and stores nothing', async () => {
		const [before, beforeFiles] = [applications().length, applicationFiles().length];
		const res = await apply(`/en${JOB}`, fields({ name: 'Renamed Text' }), [
			{ field: 'cv', name: 'cv.pdf', bytes: Buffer.from('Just some text pretending to be a PDF.') }
		]);
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(mainText(html)).toContain(
			'Only PDF and Word documents (.docx) are accepted. This file is neither, whatever its name says.'
		);
		expect(html).toMatch(/id="application-cv"[^>]*aria-invalid="true"/);
		expect(html).toMatch(/value="Renamed Text"/);
		expect(html).toMatch(/>I kept the accounts of my choir for three years\.<\/textarea>/);
		expect(applications()).toHaveLength(before);
		expect(applicationFiles()).toHaveLength(beforeFiles);
	});

	it('refuses more than three attachments and stores nothing', async () => {
		const before = applications().length;
		const four = Array.from({ length: 4 }, (_, i): FileField => ({
			field: 'attachments',
			name: `a${i}.pdf`,
			bytes: pdf()
		}));
		const res = await apply(`/no${JOB}`, fields(), [aCv(), ...four]);
		expect(res.status).toBe(400);
		expect(mainText(await res.text())).toContain('Høyst 3 vedlegg i tillegg til CV-en.');
		expect(applications()).toHaveLength(before);
	});

	it('names each missing or wrong field in the page’s language', async () => {
		const res = await apply(
			`/no${JOB}`,
			{ name: '', email: 'not-an-address', phone: 'abc', motivation: 'Kort', website: '' },
			[]
		);
		expect(res.status).toBe(400);
		const html = await res.text();
		const text = mainText(html);
		expect(html).toMatch(/<html[^>]*lang="no"/);
		for (const message of [
			'Rett opp feltene som er merket nedenfor.',
			'Fyll ut dette feltet.',
			'Skriv inn en gyldig e-postadresse',
			'Skriv inn et telefonnummer',
			'Skriv minst 20 tegn.',
			'Legg ved CV-en din.'
		]) {
			expect(text).toContain(message);
		}
		expect(html).toMatch(
			/id="application-email"[^>]*aria-invalid="true"[^>]*aria-describedby="application-email-error"/
		);
	});

	it('treats a filled honeypot like success but stores and sends nothing', async () => {
		const [before, mails] = [applications().length, query('select id from mail_outbox').length];
		const res = await apply(`/en${JOB}`, fields({ website: 'https://spam.example' }));
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe(`/en${JOB}?sent=1`);
		expect(applications()).toHaveLength(before);
		expect(query('select id from mail_outbox')).toHaveLength(mails);
	});

	it('limits each address to its quota of applications and says so', async () => {
		const address = '203.0.113.7';
		for (let i = 0; i < 3; i++) {
			const res = await apply(`/en${JOB}`, fields({ name: `Quota ${i}` }), [aCv()], address);
			expect(res.status).toBe(303);
		}
		const before = applications().length;
		const res = await apply(`/en${JOB}`, fields({ name: 'Quota 3' }), [aCv()], address);
		expect(res.status).toBe(429);
		expect(mainText(await res.text())).toContain(
			'You have sent several applications in a short time.'
		);
		expect(applications()).toHaveLength(before);
		expect((await apply(`/en${JOB}`, fields({ name: 'Other address' }))).status).toBe(303);
	});

	it('shows no form for a closed job and refuses a post to it', async () => {
		const page = mainText(await (await fetch(`${server.url}/en/jobs/photographer`)).text());
		expect(page).toContain('The application deadline has passed.');
		expect(page).not.toContain('Send application');
		const before = applications().length;
		const res = await apply('/en/jobs/photographer', fields());
		expect(res.status).toBe(409);
		expect(mainText(await res.text())).toContain('Applications for this role are closed.');
		expect(applications()).toHaveLength(before);
	});

	it('answers an enhanced post (JavaScript on) with the same redirect', async () => {
		const body = new FormData();
		for (const [k, v] of Object.entries(fields({ name: 'Enhanced' }))) body.set(k, v);
		body.append('cv', new Blob([new Uint8Array(pdf())]), 'cv.pdf');
		const res = await fetch(`${server.url}/en${JOB}`, {
			method: 'POST',
			headers: {
				origin: server.url,
				accept: 'application/json',
				'x-sveltekit-action': 'true',
				'x-forwarded-for': nextClient()
			},
			body
		});
		expect(await res.json()).toMatchObject({
			type: 'redirect',
			status: 303,
			location: `/en${JOB}?sent=1`
		});
		expect(byName('Enhanced')).toBeDefined();
	});
});

describe('the inbox', () => {
	let id: string;
	let fileId: string;
	const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>';
	beforeAll(async () => {
		const res = await apply(
			`/en${JOB}`,
			fields({ name: `Mallory ${XSS}`, motivation: `Hello ${XSS} world` })
		);
		expect(res.status).toBe(303);
		const row = query('select id from job_applications where name like ?', 'Mallory%')[0]!;
		id = String(row.id);
		fileId = String(
			query('select file_id from job_application_files where application_id = ?', id)[0]!.file_id
		);
	});

	const versionOf = () =>
		Number(query('select version from job_applications where id = ?', id)[0]!.version);
	const notes = () => query('select * from job_application_notes where application_id = ?', id);
	const actions = (): { kind: 'get' | 'post'; path: string; form?: Record<string, string> }[] => [
		{ kind: 'get', path: '/en/admin/inbox/applications' },
		{ kind: 'get', path: `/en/admin/inbox/applications/${id}` },
		{ kind: 'get', path: `/en/admin/inbox/applications/${id}/files/${fileId}` },
		{ kind: 'get', path: '/en/admin/inbox/applications.csv?job=job-treasurer' },
		{ kind: 'get', path: '/en/admin/inbox/applications.zip?job=job-treasurer' },
		{
			kind: 'post',
			path: `/en/admin/inbox/applications/${id}?/status`,
			form: { status: 'in_review', version: String(versionOf()) }
		},
		{ kind: 'post', path: `/en/admin/inbox/applications/${id}?/note`, form: { body: 'A note' } }
	];

	it('sends visitors to sign in, for every page and action', async () => {
		const visitor = new Browser(server.url);
		for (const action of actions()) {
			const res =
				action.kind === 'get'
					? await visitor.get(action.path)
					: await visitor.post(action.path, action.form!);
			expect(res.status, action.path).toBe(303);
			expect(res.headers.get('location'), action.path).toMatch(/^\/en\/auth\/login\?redirectTo=/);
		}
	});

	it('is not found for a member and a leader of another unit, for every page and action, and changes nothing', async () => {
		for (const browser of [member(), otherLeader()]) {
			for (const action of actions()) {
				// A leader of another unit has an inbox of their own: it does not list this one.
				if (browser === otherLeader() && action.path === '/en/admin/inbox/applications') {
					const res = await browser.get(action.path);
					expect(res.status).toBe(200);
					expect(await res.text()).not.toContain('Mallory');
					continue;
				}
				const res =
					action.kind === 'get'
						? await browser.get(action.path)
						: await browser.post(action.path, action.form!);
				expect(res.status, action.path).toBe(404);
			}
		}
		expect(versionOf()).toBe(1);
		expect(notes()).toEqual([]);
		expect(query("select * from audit_log where subject_type = 'export'")).toEqual([]);
	});

	it('lets the job unit’s leader read it as text, download its file, note on it and move it on', async () => {
		const browser = leader();
		const list = await browser.get('/en/admin/inbox/applications?job=job-treasurer');
		expect(list.status).toBe(200);
		expect(mainText(await list.text())).toContain('Mallory');

		const page = await browser.get(`/en/admin/inbox/applications/${id}`);
		expect(page.status).toBe(200);
		const html = await page.text();
		// Everything they wrote is text: the tags arrive escaped, none of them as markup.
		expect(html).toContain(
			'Hello &lt;script>alert("x")&lt;/script>&lt;img src=x onerror=alert(1)> world'
		);
		expect(html).not.toContain('<script>alert');
		expect(html).not.toContain('<img src=x');

		const file = await browser.get(`/en/admin/inbox/applications/${id}/files/${fileId}`);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('application/pdf');
		expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
		expect(
			Buffer.from(await file.arrayBuffer())
				.subarray(0, 5)
				.toString()
		).toBe('%PDF-');

		const noted = await browser.post(`/en/admin/inbox/applications/${id}?/note`, {
			body: 'Call <b>her</b> first'
		});
		expect(noted.status).toBe(200);
		expect(mainText(await noted.text())).toContain('The note has been added.');
		expect(notes()).toHaveLength(1);

		const moved = await browser.post(`/en/admin/inbox/applications/${id}?/status`, {
			status: 'in_review',
			version: '1'
		});
		expect(moved.status).toBe(200);
		expect(mainText(await moved.text())).toContain('The status has been changed.');
		expect(versionOf()).toBe(2);

		// The same form again, on the version it was made from: someone else changed it meanwhile.
		const stale = await browser.post(`/en/admin/inbox/applications/${id}?/status`, {
			status: 'declined',
			version: '1'
		});
		expect(stale.status).toBe(409);
		expect(mainText(await stale.text())).toContain(
			'Someone else changed this application meanwhile.'
		);
		const notAllowed = await browser.post(`/en/admin/inbox/applications/${id}?/status`, {
			status: 'received',
			version: '2'
		});
		expect(notAllowed.status).toBe(409);

		const after = await (await browser.get(`/en/admin/inbox/applications/${id}`)).text();
		expect(after).toContain('Call &lt;b>her&lt;/b> first');
		expect(mainText(after)).toContain('Received → In review');
		const audit = query('select actor, action from audit_log where subject_id = ? order by id', id);
		expect(audit.map((a) => a.action)).toEqual(['submitted', 'note', 'status']);
	});

	it('lets an admin export the job’s applications as a formula-safe CSV and a ZIP of the files', async () => {
		const browser = admin();
		expect((await browser.get(`/no/admin/inbox/applications/${id}`)).status).toBe(200);
		const csv = await browser.get('/no/admin/inbox/applications.csv?job=job-treasurer');
		expect(csv.status).toBe(200);
		expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
		const text = await csv.text();
		expect(text.split('\r\n')[0]).toBe(
			'Mottatt;Status;Navn;E-post;Telefon;Språk;Motivasjon;Filer;Notater'
		);
		expect(text).toContain('Mallory <script>');

		const zip = await browser.get('/no/admin/inbox/applications.zip?job=job-treasurer');
		expect(zip.status).toBe(200);
		expect(zip.headers.get('content-type')).toBe('application/zip');
		const entries = zipEntries(Buffer.from(await zip.arrayBuffer()))!;
		expect(entries.length).toBeGreaterThan(1);
		expect(entries.every((e) => /^\d{3} .+\/(CV|\d) - .+\.(pdf|docx)$/.test(e.name))).toBe(true);
		const exports = query("select actor, details from audit_log where subject_type = 'export'");
		expect(exports.map((e) => JSON.parse(String(e.details)).format)).toEqual(['csv', 'zip']);
		// The admin moves it on too; the list shows the status.
		const res = await browser.post(`/no/admin/inbox/applications/${id}?/status`, {
			status: 'interview',
			version: String(versionOf())
		});
		expect(res.status).toBe(200);
		const list = await (await browser.get('/no/admin/inbox/applications?status=interview')).text();
		expect(mainText(list)).toContain('Mallory');
	});
});

describe('withdrawing through the e-mailed link', () => {
	it('asks on GET, deletes on POST, and the link then says it is no longer valid', async () => {
		const res = await apply(
			`/en${JOB}`,
			fields({ name: 'Withdrawer', email: 'withdraw@example.org' })
		);
		expect(res.status).toBe(303);
		const row = byName('Withdrawer');
		const mail = query(
			"select text_body from mail_outbox where kind = 'application-confirmation' and to_address = ?",
			'withdraw@example.org'
		)[0]!;
		const link = new URL(/https?:\/\/\S+/.exec(String(mail.text_body))![0]);
		const browser = new Browser(server.url);

		const confirm = await browser.get(link.pathname + link.search);
		expect(confirm.status).toBe(200);
		expect(mainText(await confirm.text())).toContain('Treasurer on the board');
		expect(byName('Withdrawer')).toBeDefined();

		const wrong = await browser.post(link.pathname, { token: 'x'.repeat(43) });
		expect(wrong.status).toBe(404);
		expect(byName('Withdrawer')).toBeDefined();

		const done = await browser.post(link.pathname, { token: link.searchParams.get('token')! });
		expect(done.status).toBe(303);
		expect(done.headers.get('location')).toBe(`${link.pathname}?done=1`);
		expect(byName('Withdrawer')).toBeUndefined();
		expect(query('select * from job_application_files where application_id = ?', row.id)).toEqual(
			[]
		);
		expect(query('select * from mail_outbox where to_address = ?', 'withdraw@example.org')).toEqual(
			[]
		);
		const page = await browser.get(`${link.pathname}?done=1`);
		expect(mainText(await page.text())).toContain('We have deleted your application');

		const again = await browser.get(link.pathname + link.search);
		expect(mainText(await again.text())).toContain('This link is not valid');
	});
});
