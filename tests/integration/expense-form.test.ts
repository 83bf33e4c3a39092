// The claim form (/fs/new, /fs/{id}/edit) as a browser without JavaScript posts it: multipart
// over HTTP to the built server, with real receipts of every accepted type and disguised ones.
// What counts is what a member would notice: the claim and its lines are saved, a refusal says
// why in their language and keeps what they typed and uploaded, and nothing is left behind.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'devalue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	heic,
	pdf,
	phoneJpeg,
	png,
	webp,
	windowsProgram,
	zipArchive
} from '../../src/lib/server/files/test-fixtures';
import { createSession, withDb, withTableGone, type SessionFixture } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let filesDir: string;
let alice: SessionFixture;
let bob: SessionFixture;

const MAX_BYTES = 2 * 1024 * 1024;

beforeAll(async () => {
	filesDir = mkdtempSync(join(tmpdir(), 'orgweb-expense-form-'));
	server = await startServer({
		FILES_DIR: filesDir,
		FILES_MAX_BYTES: String(MAX_BYTES),
		FILES_MAX_PER_REQUEST: '5'
	});
	alice = createSession(server.dbFile, { name: 'Alice Claimant' });
	bob = createSession(server.dbFile, { name: 'Bob Other' });
}, 30_000);
afterAll(async () => {
	await server?.stop();
	rmSync(filesDir, { recursive: true, force: true });
});

function messages(locale: 'no' | 'en'): Record<string, string> {
	const read = (name: string) =>
		JSON.parse(readFileSync(`messages/${locale}/${name}.json`, 'utf8')) as Record<string, string>;
	return { ...read('expenses'), ...read('expense-form'), ...read('files') };
}
/** As the page prints it (Svelte escapes & and < in text). */
const shown = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function daysAgo(days: number): string {
	const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
	const date = new Date(`${day}T00:00:00.000Z`);
	date.setUTCDate(date.getUTCDate() - days);
	return date.toISOString().slice(0, 10);
}

interface Upload {
	line: number;
	name: string;
	bytes: Buffer;
	type?: string;
}

function post(
	path: string,
	user: SessionFixture,
	fields: Record<string, string>,
	uploads: Upload[] = [],
	headers: Record<string, string> = { accept: 'text/html' }
) {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	for (const u of uploads) {
		body.append(
			`lines.${u.line}.file`,
			new Blob([new Uint8Array(u.bytes)], { type: u.type ?? 'application/octet-stream' }),
			u.name
		);
	}
	return fetch(server.url + path, {
		method: 'POST',
		redirect: 'manual',
		headers: { origin: server.url, cookie: user.cookie, ...headers },
		body
	});
}

const get = (path: string, user: SessionFixture) =>
	fetch(server.url + path, {
		redirect: 'manual',
		headers: { cookie: user.cookie, accept: 'text/html' }
	});

function claim(overrides: Record<string, string> = {}): Record<string, string> {
	return {
		campusId: 'oslo',
		unitId: 'board-oslo',
		purpose: 'Food for the board meeting',
		payoutAccount: '1234 56 78903',
		advance: '',
		...overrides
	};
}

function receipt(index: number, overrides: Record<string, string> = {}): Record<string, string> {
	const line = {
		kind: 'receipt',
		date: daysAgo(3),
		merchant: `Shop ${index}`,
		description: `Groceries ${index}`,
		amount: '100,50',
		currency: 'NOK',
		originalAmount: '',
		fileId: '',
		...overrides
	};
	return Object.fromEntries(Object.entries(line).map(([k, v]) => [`lines.${index}.${k}`, v]));
}

type Row = Record<string, string | number | null>;
const claims = (userId: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select * from expense_claims where claimant_id = ?').all(userId)
	) as Row[];
const linesOf = (claimId: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select * from expense_lines where claim_id = ? order by position').all(claimId)
	) as Row[];
const filesOf = (userId: string) =>
	withDb(server.dbFile, (db) =>
		db.prepare('select * from files where owner_id = ? order by created_at').all(userId)
	) as Row[];
const stored = () =>
	readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

/** The claim id of a 303 to /{lang}/fs/{id}/edit or /{lang}/fs/{id}. */
function claimIdOf(res: Response): string {
	const id = /\/fs\/([0-9a-f-]{36})/.exec(res.headers.get('location') ?? '')?.[1];
	if (!id) throw new Error(`no claim in ${res.status} ${res.headers.get('location')}`);
	return id;
}

describe('the claim form without JavaScript', () => {
	it('saves a claim with a receipt of every accepted type as its lines, each file kept', async () => {
		const user = createSession(server.dbFile);
		const heicBytes = await heic();
		expect(heicBytes, 'heif-enc (libheif-examples) makes the HEIC').not.toBeNull();
		const files: Upload[] = [
			{ line: 0, name: 'photo.jpg', bytes: await phoneJpeg(), type: 'image/jpeg' },
			{ line: 1, name: 'scan.png', bytes: await png(), type: 'image/png' },
			{ line: 2, name: 'screen.webp', bytes: await webp(), type: 'image/webp' },
			{ line: 3, name: 'iphone.heic', bytes: heicBytes!, type: 'image/heic' },
			{ line: 4, name: 'invoice.pdf', bytes: pdf(), type: 'application/pdf' }
		];
		const fields = Object.assign(claim(), ...files.map((f) => receipt(f.line)));
		const res = await post('/en/fs/new?/save', user, fields, files);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toMatch(/^\/en\/fs\/[0-9a-f-]{36}\/edit\?saved=1$/);
		const id = claimIdOf(res);
		const [row] = claims(user.userId);
		expect(row).toMatchObject({ id, status: 'draft', total_ore: 5 * 10050, unit_id: 'board-oslo' });
		const lines = linesOf(id);
		const kept = filesOf(user.userId);
		expect(lines.map((l) => l.file_id)).toEqual(kept.map((f) => f.id));
		expect(kept.map((f) => f.mime_type)).toEqual([
			'image/jpeg',
			'image/png',
			'image/webp',
			'image/jpeg',
			'application/pdf'
		]);

		const page = await (await get(res.headers.get('location')!, user)).text();
		for (const file of kept) expect(page).toContain(`Received: ${file.original_name}`);
		expect(page).toContain('The draft is saved.');
	});

	it('submits a complete claim and shows its detail page next', async () => {
		const user = createSession(server.dbFile);
		const fields = { ...claim(), ...receipt(0) };
		const res = await post('/no/fs/new?/submit', user, fields, [
			{ line: 0, name: 'k.png', bytes: await png() }
		]);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toMatch(/^\/no\/fs\/[0-9a-f-]{36}\?done=submit$/);
		expect(claims(user.userId)[0]).toMatchObject({ status: 'submitted' });
	});

	it('refuses disguised, unsafe and too large files with their message, keeping nothing', async () => {
		const user = createSession(server.dbFile);
		const en = messages('en');
		const before = stored().length;
		const attempts: [string, Buffer, string][] = [
			['receipt.pdf', windowsProgram(), en.file_error_unsupported_type!],
			[
				'receipt.pdf',
				pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
				en.file_error_unsafe_pdf!
			],
			['photo.png', Buffer.concat([await png(), zipArchive()]), en.file_error_polyglot!],
			['photo.jpg', Buffer.concat([await phoneJpeg(), pdf()]), en.file_error_polyglot!],
			[
				'big.pdf',
				Buffer.concat([pdf(), Buffer.alloc(MAX_BYTES, 0x20)]),
				en.file_error_too_large!.replace('{max}', '2 MB')
			]
		];
		for (const [name, bytes, text] of attempts) {
			const res = await post('/en/fs/new?/save', user, { ...claim(), ...receipt(0) }, [
				{ line: 0, name, bytes }
			]);
			expect(res.status, name).toBe(400);
			const html = await res.text();
			expect(html, name).toContain(shown(text));
			// What was typed is still there.
			expect(html, name).toContain('value="Shop 0"');
		}
		expect(claims(user.userId)).toEqual([]);
		expect(filesOf(user.userId)).toEqual([]);
		expect(stored()).toHaveLength(before);
	});

	it('removes the receipts a post stored when saving the claim fails unexpectedly', async () => {
		const user = createSession(server.dbFile);
		const before = stored().length;
		const photo = await phoneJpeg();
		const res = await withTableGone(server.dbFile, 'expense_lines', () =>
			post('/en/fs/new?/save', user, { ...claim(), ...receipt(0), ...receipt(1) }, [
				{ line: 0, name: 'a.jpg', bytes: photo },
				{ line: 1, name: 'b.pdf', bytes: pdf() }
			])
		);
		expect(res.status).toBe(500);
		expect(await res.text()).not.toMatch(/at .*\.js:\d+/);
		expect(claims(user.userId)).toEqual([]);
		expect(filesOf(user.userId)).toEqual([]);
		expect(stored()).toHaveLength(before);
	});

	it('refuses a post with more files than allowed at once and keeps none of them', async () => {
		const user = createSession(server.dbFile);
		const image = await png();
		const before = stored().length;
		const files = [0, 1, 2, 3, 4, 5].map((line) => ({ line, name: `r${line}.png`, bytes: image }));
		const fields = Object.assign(claim(), ...files.map((f) => receipt(f.line)));
		const res = await post('/en/fs/new?/save', user, fields, files);
		expect(res.status).toBe(400);
		expect(await res.text()).toContain(
			'Too many files at once: send at most 5, then add the rest.'
		);
		expect(claims(user.userId)).toEqual([]);
		expect(filesOf(user.userId)).toEqual([]);
		expect(stored()).toHaveLength(before);
	});

	it('keeps the typed fields and the received file when a field is wrong, saves the draft without that line, and the corrected post goes to it with no second upload', async () => {
		const user = createSession(server.dbFile);
		const fields = { ...claim(), ...receipt(0, { date: daysAgo(-2) }) };
		const res = await post('/en/fs/new?/save', user, fields, [
			{ line: 0, name: 'kvittering.jpg', bytes: await phoneJpeg() }
		]);
		expect(res.status).toBe(400);
		const html = await res.text();
		expect(html).toContain(shown(messages('en').expense_error_date_future!));
		expect(html).toContain(`Receipt 1, date: ${shown(messages('en').expense_error_date_future!)}`);
		expect(html).toContain('value="Food for the board meeting"');
		expect(html).toContain('Received: kvittering.jpg');
		const [file] = filesOf(user.userId);
		expect(html).toContain(`name="lines.0.fileId" value="${file!.id}"`);
		// The draft holds everything but the line with the wrong date; the form posts to it next.
		const [draft] = claims(user.userId);
		expect(draft).toMatchObject({ status: 'draft', purpose: 'Food for the board meeting' });
		expect(linesOf(String(draft!.id))).toEqual([]);
		expect(html).toContain(`action="/en/fs/${draft!.id}/edit?/save"`);
		expect(html).toContain(`name="version" value="${draft!.version}"`);

		const again = await post(`/en/fs/${draft!.id}/edit?/save`, user, {
			...claim(),
			...receipt(0, { fileId: String(file!.id) }),
			version: String(draft!.version)
		});
		expect(again.status).toBe(303);
		expect(claimIdOf(again)).toBe(draft!.id);
		expect(linesOf(String(draft!.id)).map((l) => l.file_id)).toEqual([file!.id]);
		expect(filesOf(user.userId)).toHaveLength(1);
		expect(claims(user.userId)).toHaveLength(1);
	});

	describe.each(['en', 'no'] as const)('in %s', (locale) => {
		const text = messages(locale);
		// What the draft keeps: all but the field (`field`), all but the line (`line`), or nothing
		// when the unit itself is refused.
		const cases: [string, Record<string, string>, string, 'field' | 'line' | 'nothing'][] = [
			[
				'a wrong account number',
				claim({ payoutAccount: '1234 56 78904' }),
				'expense_error_account',
				'field'
			],
			[
				'a wrong IBAN',
				claim({ payoutAccount: 'GB82 WEST 1234 5698 7654 33' }),
				'expense_error_account',
				'field'
			],
			[
				'a zero amount',
				{ ...claim(), ...receipt(0, { amount: '0' }) },
				'expense_error_amount_not_positive',
				'line'
			],
			[
				'a negative amount',
				{ ...claim(), ...receipt(0, { amount: '-50' }) },
				'expense_error_amount_not_positive',
				'line'
			],
			[
				'an absurd amount',
				{ ...claim(), ...receipt(0, { amount: '9 999 999' }) },
				'expense_error_amount_too_large',
				'line'
			],
			[
				'a future date',
				{ ...claim(), ...receipt(0, { date: daysAgo(-1) }) },
				'expense_error_date_future',
				'line'
			],
			[
				'a date years old',
				{ ...claim(), ...receipt(0, { date: daysAgo(900) }) },
				'expense_error_date_too_old',
				'line'
			],
			[
				'a receipt in euro without the amount in euro',
				{ ...claim(), ...receipt(0, { currency: 'EUR' }) },
				'expense_error_currency',
				'line'
			],
			[
				'a unit of another campus',
				claim({ campusId: 'bergen' }),
				'expense_form_error_unknown',
				'nothing'
			],
			[
				'a purpose far too long',
				claim({ purpose: 'x'.repeat(5000) }),
				'expense_form_error_too_long',
				'field'
			],
			[
				'a line of an unknown kind with no merchant',
				{ ...claim(), ...receipt(0, { kind: 'gift', merchant: '' }) },
				'expense_form_error_required',
				'line'
			]
		];
		it.each(cases)(
			'answers %s with its message by the field and saves the draft without it',
			async (_, fields, key, kept) => {
				const user = createSession(server.dbFile);
				const res = await post(`/${locale}/fs/new?/save`, user, { ...receipt(0), ...fields });
				expect(res.status).toBe(400);
				const html = await res.text();
				expect(html).toContain(shown(text[key]!));
				expect(html).toContain('aria-invalid="true"');
				// The error summary is focused when the page loads, and links to the field.
				expect(html).toMatch(/<div[^>]*tabindex="-1"[^>]*autofocus[^>]*role="alert"/);
				const saved = claims(user.userId);
				if (kept === 'nothing') {
					expect(saved).toEqual([]);
					return;
				}
				expect(html).toContain(shown(text.expense_form_errors_title_kept!));
				expect(saved).toHaveLength(1);
				expect(linesOf(String(saved[0]!.id))).toHaveLength(kept === 'line' ? 0 : 1);
			}
		);
	});

	it('answers a stale version (the claim changed meanwhile) and keeps the other change', async () => {
		const created = await post('/en/fs/new?/save', alice, { ...claim(), ...receipt(0) });
		const id = claimIdOf(created);
		const first = await post(`/en/fs/${id}/edit?/save`, alice, {
			...claim({ purpose: 'First edit' }),
			...receipt(0),
			version: '1'
		});
		expect(first.status).toBe(303);
		const stale = await post(`/en/fs/${id}/edit?/save`, alice, {
			...claim({ purpose: 'Edit from an old tab' }),
			...receipt(0),
			version: '1'
		});
		expect(stale.status).toBe(409);
		const garbled = await post(`/en/fs/${id}/edit?/save`, alice, {
			...claim({ purpose: 'Edit with a garbled version' }),
			...receipt(0),
			version: 'two'
		});
		expect(garbled.status).toBe(409);
		expect(await stale.text()).toContain(shown(messages('en').expense_error_stale!));
		const row = claims(alice.userId).find((c) => c.id === id);
		expect(row).toMatchObject({ purpose: 'First edit', version: 2 });
	});

	it("gives another user 404 for a claim's edit page and its actions, and changes nothing", async () => {
		const created = await post('/en/fs/new?/save', alice, { ...claim(), ...receipt(0) });
		const id = claimIdOf(created);
		expect((await get(`/en/fs/${id}/edit`, bob)).status).toBe(404);
		for (const action of ['save', 'submit', 'addLine', 'upload', 'autosave']) {
			const res = await post(
				`/en/fs/${id}/edit?/${action}`,
				bob,
				{ ...claim({ purpose: 'Taken over' }), ...receipt(0), version: '1' },
				action === 'autosave' ? [] : [{ line: 0, name: 'x.png', bytes: await png() }]
			);
			expect(res.status, action).toBe(404);
		}
		expect(claims(alice.userId).find((c) => c.id === id)).toMatchObject({
			purpose: 'Food for the board meeting',
			status: 'draft',
			version: 1
		});
		expect(filesOf(bob.userId)).toEqual([]);
	});

	it('adds a line without losing what was typed or the file already sent', async () => {
		const user = createSession(server.dbFile);
		const res = await post(
			'/en/fs/new?/addLine',
			user,
			{ ...claim(), ...receipt(0), lineKind: 'mileage' },
			[{ line: 0, name: 'first.png', bytes: await png() }]
		);
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain('Receipt 1');
		expect(html).toContain('Mileage 2');
		expect(html).toContain('value="Shop 0"');
		expect(html).toContain('Received: first.png');
		expect(claims(user.userId)).toEqual([]);
	});
});

describe('the claim form without JavaScript, further', () => {
	it('computes a mileage line from the distance and the configured rate', async () => {
		const user = createSession(server.dbFile);
		const mileage = Object.fromEntries(
			Object.entries({
				kind: 'mileage',
				date: daysAgo(1),
				description: 'Driving the sound system',
				from: 'Oslo',
				to: 'Drammen',
				km: '42,5'
			}).map(([k, v]) => [`lines.1.${k}`, v])
		);
		const res = await post('/en/fs/new?/save', user, { ...claim(), ...receipt(0), ...mileage });
		expect(res.status).toBe(303);
		const lines = linesOf(claimIdOf(res));
		// 42.5 km × 3.50 kr = 148.75 kr, computed by the server.
		expect(lines[1]).toMatchObject({ kind: 'mileage', distance_m: 42_500, amount_ore: 14_875 });
		expect(claims(user.userId)[0]).toMatchObject({ total_ore: 10_050 + 14_875 });
		const page = await (await get(res.headers.get('location')!, user)).text();
		expect(page).toMatch(/Saved total: NOK\s249\.25/);
	});

	it('removes a line and keeps the others with what was typed', async () => {
		const user = createSession(server.dbFile);
		const res = await post('/en/fs/new?/removeLine', user, {
			...claim(),
			...receipt(0),
			...receipt(1, { merchant: 'Kept shop' }),
			removeLine: '0'
		});
		expect(res.status).toBe(200);
		const html = await res.text();
		expect(html).toContain('value="Kept shop"');
		expect(html).not.toContain('value="Shop 0"');
		expect(html).not.toContain('Receipt 2');
	});

	it('saves the draft but says what is missing when a claim is submitted incomplete', async () => {
		const user = createSession(server.dbFile);
		const res = await post('/no/fs/new?/submit', user, {
			...claim({ payoutAccount: '' }),
			...receipt(0)
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toMatch(
			/\/no\/fs\/[0-9a-f-]{36}\/edit\?refused=incomplete$/
		);
		expect(claims(user.userId)[0]).toMatchObject({ status: 'draft' });
		const page = await (await get(res.headers.get('location')!, user)).text();
		expect(page).toContain(shown(messages('no').expense_error_incomplete!));
	});

	it('sends the claimant of a submitted claim from its edit page to the claim', async () => {
		const user = createSession(server.dbFile);
		const res = await post('/en/fs/new?/submit', user, { ...claim(), ...receipt(0) });
		const id = claimIdOf(res);
		const edit = await get(`/en/fs/${id}/edit`, user);
		expect(edit.status).toBe(303);
		expect(edit.headers.get('location')).toBe(`/en/fs/${id}`);
		const again = await post(`/en/fs/${id}/edit?/save`, user, {
			...claim({ purpose: 'Changed after submitting' }),
			...receipt(0),
			version: '2'
		});
		expect(again.status).toBe(409);
		expect(await again.text()).toContain(shown(messages('en').expense_error_wrong_status!));
		expect(claims(user.userId)[0]).toMatchObject({
			status: 'submitted',
			purpose: 'Food for the board meeting'
		});
	});
});

describe('a rejected claim', () => {
	it('shows the reason on its edit page and goes back to the approvers when submitted again', async () => {
		const user = createSession(server.dbFile);
		const id = claimIdOf(await post('/en/fs/new?/submit', user, { ...claim(), ...receipt(0) }));
		// An approver's rejection (the approvers' pages are tested with them).
		withDb(server.dbFile, (db) =>
			db
				.prepare(
					"update expense_claims set status = 'rejected', rejection_reason = 'The receipt is missing', version = version + 1 where id = ?"
				)
				.run(id)
		);
		const page = await (await get(`/en/fs/${id}/edit`, user)).text();
		expect(page).toContain('The claim was rejected: “The receipt is missing”.');
		const res = await post(`/en/fs/${id}/edit?/submit`, user, {
			...claim(),
			...receipt(0),
			version: '3'
		});
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toBe(`/en/fs/${id}?done=submit`);
		expect(claims(user.userId)[0]).toMatchObject({ status: 'submitted', rejection_reason: null });
	});
});

describe('the upload action (the form with JavaScript)', () => {
	it('keeps one receipt at once and answers what the page shows of it', async () => {
		const user = createSession(server.dbFile);
		const body = new FormData();
		body.set('file', new Blob([new Uint8Array(await phoneJpeg())]), 'lunch.jpg');
		const res = await fetch(`${server.url}/en/fs/new?/upload`, {
			method: 'POST',
			headers: { origin: server.url, cookie: user.cookie, accept: 'application/json' },
			body
		});
		expect(res.status).toBe(200);
		const answer = (await res.json()) as { type: string; data: string };
		expect(answer.type).toBe('success');
		const { file } = parse(answer.data) as { file: Record<string, unknown> };
		const [row] = filesOf(user.userId);
		expect(file).toEqual({
			id: row!.id,
			name: 'lunch.jpg',
			mimeType: 'image/jpeg',
			size: row!.size,
			thumbnail: true
		});
	});

	it('answers a disguised file with its refusal code and keeps nothing', async () => {
		const user = createSession(server.dbFile);
		const body = new FormData();
		body.set('file', new Blob([new Uint8Array(windowsProgram())]), 'receipt.pdf');
		const res = await fetch(`${server.url}/en/fs/new?/upload`, {
			method: 'POST',
			headers: { origin: server.url, cookie: user.cookie, accept: 'application/json' },
			body
		});
		const answer = (await res.json()) as { type: string; status: number; data: string };
		expect(answer).toMatchObject({ type: 'failure', status: 400 });
		expect(parse(answer.data)).toEqual({
			code: 'file_unsupported_type',
			text: messages('en').file_error_unsupported_type
		});
		expect(filesOf(user.userId)).toEqual([]);
	});
});
