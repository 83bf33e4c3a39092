// Receipts and claim PDFs over HTTP from the built server: who may download them (the uploader,
// and whoever may see the claim; everyone else gets one and the same 404), the PDF read back with
// pdf.js, and the larger body limit of the claim form's upload posts. Claims and files are made
// in-process through the domain against the server's own database and files folder, as the form
// that makes them is built elsewhere.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { userContext } from '../../src/lib/server/context';
import { openSqlite, type Db } from '../../src/lib/server/db';
import { expensesService } from '../../src/lib/server/expenses';
import { accountKeyring } from '../../src/lib/server/expenses/account';
import { pdfBytes, plain, readPdf } from '../../src/lib/server/expenses/pdf/fixtures';
import { TEST_LIMITS } from '../../src/lib/server/expenses/test-limits';
import { filesService, localDiskStorage } from '../../src/lib/server/files';
import { heic, phoneJpeg, png, webp } from '../../src/lib/server/files/test-fixtures';
import { rolesService } from '../../src/lib/server/identity/roles';
import { sqlIdentityStore } from '../../src/lib/server/identity/sql';
import { createSession, withDb, type SessionFixture } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

const KEY = randomBytes(32);
const ACCOUNT = '8601 11 17947';
const MB = 1024 * 1024;
const UPLOAD_LIMIT = 5 * 10 * MB + MB;

let server: TestServer;
let filesDir: string;
let db: Db;
let files: ReturnType<typeof filesService>;
let expenses: ReturnType<typeof expensesService>;

beforeAll(async () => {
	filesDir = mkdtempSync(join(tmpdir(), 'orgweb-expense-files-'));
	server = await startServer({
		FILES_DIR: filesDir,
		EXPENSE_ACCOUNT_KEY: KEY.toString('base64'),
		ADMIN_EMAILS: 'admin@example.org'
	});
	db = openSqlite(server.dbFile);
	files = filesService(db, localDiskStorage(filesDir), { maxBytes: 10 * MB });
	expenses = expensesService({
		db,
		roles: rolesService({
			store: sqlIdentityStore(db),
			isMember: async () => false,
			adminEmails: ['admin@example.org']
		}),
		keyring: accountKeyring([KEY]),
		limits: TEST_LIMITS,
		fileUploaders: files.uploaders
	});
});
afterAll(async () => {
	await db?.destroy();
	await server?.stop();
	rmSync(filesDir, { recursive: true, force: true });
});

const today = () => new Date().toISOString().slice(0, 10);
const as = (who: SessionFixture, name = 'Test User') =>
	userContext(
		{ id: who.userId, email: `${who.userId}@example.org`, name, isAnonymous: false },
		's'
	);

function person(name: string, role?: { unit: string; role: 'leader' | 'finance' }) {
	const who = createSession(server.dbFile, { name });
	if (role) {
		withDb(server.dbFile, (sqlite) =>
			sqlite
				.prepare(
					'insert into team_members (unit_id, user_id, role, created_at) values (?, ?, ?, ?)'
				)
				.run(role.unit, who.userId, role.role, new Date().toISOString())
		);
	}
	return who;
}

async function upload(owner: SessionFixture, bytes: Buffer | Uint8Array, name: string) {
	return files.accept({
		ownerId: owner.userId,
		purpose: 'receipt',
		bytes: Buffer.from(bytes),
		name
	});
}

type Line = Record<string, unknown>;
const receiptLine = (fileId: string, amount = '100,00', extra: Line = {}): Line => ({
	kind: 'receipt',
	date: today(),
	merchant: 'Rema 1000',
	description: 'Snacks for the stand',
	amount,
	fileId,
	...extra
});

/** A claim of `claimant` for the Oslo board with these lines; submitted unless told otherwise. */
async function claim(claimant: SessionFixture, lines: Line[], submit = true) {
	const created = await expenses.createDraft(as(claimant), {
		campusId: 'oslo',
		unitId: 'board-oslo',
		purpose: 'Recruitment stand',
		payoutAccount: ACCOUNT,
		lines
	} as Parameters<typeof expenses.createDraft>[1]);
	if (!created.ok) throw new Error(`draft refused: ${JSON.stringify(created)}`);
	if (submit) {
		const submitted = await expenses.submit(as(claimant), created.id);
		if (!submitted.ok) throw new Error(`submit refused: ${JSON.stringify(submitted)}`);
	}
	return created.id;
}

function get(path: string, who?: SessionFixture | null, method = 'GET') {
	return fetch(server.url + path, {
		method,
		redirect: 'manual',
		headers: who ? { cookie: who.cookie } : {}
	});
}

/** The one 404 everybody gets: nothing of the file or the claim, whoever asks and how. */
async function expectNotFound(res: Response) {
	expect(res.status).toBe(404);
	const type = res.headers.get('content-type') ?? '';
	expect(type).not.toMatch(/^(image\/|application\/pdf)/);
	const body = await res.text();
	// A HEAD answer has no body to read. The PDF is a page route: SvelteKit's error, as JSON here.
	if (type.includes('application/json') && body !== '') {
		const api = new URL(res.url).pathname.startsWith('/api/');
		expect(JSON.parse(body)).toEqual(api ? { error: 'Not found' } : { message: 'Not found' });
	}
}

const fileCount = () => readdirSync(filesDir, { recursive: true }).length;

describe('a receipt file and the claim PDF', () => {
	let claimant: SessionFixture;
	let fileId: string;
	let claimId: string;

	beforeAll(async () => {
		claimant = person('Åse Ødegård');
		fileId = (await upload(claimant, await phoneJpeg(800, 600), 'kvittering.jpg')).id;
		claimId = await claim(claimant, [receiptLine(fileId)]);
	});

	it('are served to the claimant who uploaded it, inline, never sniffed, never kept', async () => {
		const res = await get(`/api/files/${fileId}`, claimant);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('image/jpeg');
		expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="kvittering\.jpg"/);
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
		expect(res.headers.get('cache-control')).toBe('private, no-store');
		const image = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
		// Turned upright as the phone held it (EXIF orientation 6), and without its EXIF.
		expect({ format: image.format, width: image.width, height: image.height }).toEqual({
			format: 'jpeg',
			width: 600,
			height: 800
		});
		expect(image.exif).toBeUndefined();

		const thumbnail = await get(`/api/files/${fileId}?variant=thumbnail`, claimant);
		expect(thumbnail.status).toBe(200);
		const small = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
		expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThan(600);

		const head = await get(`/api/files/${fileId}`, claimant, 'HEAD');
		expect(head.status).toBe(200);
		expect(head.headers.get('content-type')).toBe('image/jpeg');
		expect(await head.text()).toBe('');

		const pdf = await get(`/en/fs/${claimId}/pdf`, claimant);
		expect(pdf.status).toBe(200);
		expect(pdf.headers.get('content-type')).toBe('application/pdf');
		expect(pdf.headers.get('content-disposition')).toBe(
			`attachment; filename="expense-claim-${claimId}.pdf"; filename*=UTF-8''expense-claim-${claimId}.pdf`
		);
		expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
		expect(pdf.headers.get('cache-control')).toBe('private, no-store');
		const pages = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
		// The claimant's own PDF carries the account in full.
		expect(pages[0]?.text).toContain('8601 11 17947');
	});

	it('are 404 to another user, to an anonymous session and to no session, as for an unknown id', async () => {
		const other = person('Bjørn Bruker');
		const anonymous = createSession(server.dbFile, { anonymous: true });
		for (const who of [other, anonymous, null]) {
			await expectNotFound(await get(`/api/files/${fileId}`, who));
			await expectNotFound(await get(`/api/files/${fileId}?variant=thumbnail`, who));
			await expectNotFound(await get(`/api/files/${fileId}`, who, 'HEAD'));
		}
		await expectNotFound(await get(`/api/files/no-such-file`, claimant));
		await expectNotFound(await get(`/en/fs/${claimId}/pdf`, other));
		await expectNotFound(await get(`/en/fs/no-such-claim/pdf`, claimant));
		// Without an account the /fs pages send to sign-in, the PDF too; nothing of the claim shows.
		for (const who of [anonymous, null]) {
			const res = await get(`/en/fs/${claimId}/pdf`, who);
			expect(res.status).toBe(303);
			expect(res.headers.get('location')).toMatch(/^\/en\/auth\/login\?redirectTo=/);
		}
	});

	it('refuses an unknown variant as bad input', async () => {
		const res = await get(`/api/files/${fileId}?variant=original`, claimant);
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({ error: 'Validation failed' });
	});
});

describe("the claim's unit leader", () => {
	it('reads the receipt and the PDF once the claim is submitted, not while it is a draft', async () => {
		const claimant = person('Kari Krav');
		const leader = person('Lise Leder', { unit: 'board-oslo', role: 'leader' });
		const elsewhere = person('Per Bergen', { unit: 'sport-bergen', role: 'leader' });
		const file = await upload(claimant, await png(400, 300), 'skjermbilde.png');
		const claimId = await claim(claimant, [receiptLine(file.id)], false);

		await expectNotFound(await get(`/api/files/${file.id}`, leader));
		await expectNotFound(await get(`/no/fs/${claimId}/pdf`, leader));

		expect(await expenses.submit(as(claimant), claimId)).toMatchObject({ ok: true });
		const res = await get(`/api/files/${file.id}`, leader);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('image/png');
		await res.body?.cancel();
		const pdf = await get(`/no/fs/${claimId}/pdf`, leader);
		expect(pdf.status).toBe(200);
		const cover = (await readPdf(new Uint8Array(await pdf.arrayBuffer())))[0]?.text ?? '';
		// To an approver the account is masked, as on the claim's page.
		expect(cover).toContain('Utleggsrefusjon');
		expect(cover).not.toContain('8601 11 17947');
		expect(cover).toContain('•••• •• •7947');

		// A leader of another unit is nobody to this claim.
		await expectNotFound(await get(`/api/files/${file.id}`, elsewhere));
		await expectNotFound(await get(`/no/fs/${claimId}/pdf`, elsewhere));
	});

	it('of a unit a rejected claim was only edited to gets 404 for its page, receipt and PDF until it is submitted there', async () => {
		const claimant = person('Kari Krav');
		const board = person('Lise Leder', { unit: 'board-oslo', role: 'leader' });
		const events = person('Eva Event', { unit: 'events-oslo', role: 'leader' });
		const file = await upload(claimant, await png(400, 300), 'skjermbilde.png');
		const claimId = await claim(claimant, [receiptLine(file.id)]);
		expect(
			await expenses.reject(as(board), claimId, 'Belongs to the events committee')
		).toMatchObject({ ok: true });
		const version = (await expenses.detail(as(claimant), claimId))!.version;
		const edited = await expenses.updateDraft(as(claimant), claimId, version, {
			campusId: 'oslo',
			unitId: 'events-oslo',
			purpose: 'Recruitment stand, not yet sent again',
			payoutAccount: ACCOUNT,
			lines: [receiptLine(file.id)]
		} as Parameters<typeof expenses.updateDraft>[3]);
		expect(edited).toMatchObject({ ok: true });

		await expectNotFound(await get(`/en/fs/${claimId}`, events));
		await expectNotFound(await get(`/api/files/${file.id}`, events));
		await expectNotFound(await get(`/no/fs/${claimId}/pdf`, events));
		// The board had it in its queue: its leader still opens it.
		expect((await get(`/en/fs/${claimId}`, board)).status).toBe(200);

		expect(await expenses.submit(as(claimant), claimId)).toMatchObject({ ok: true });
		const page = await get(`/en/fs/${claimId}`, events);
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('Recruitment stand, not yet sent again');
		const receipt = await get(`/api/files/${file.id}`, events);
		expect(receipt.status).toBe(200);
		await receipt.body?.cancel();
	});
});

describe('the claim PDF', () => {
	it('holds the cover and every receipt page, of every accepted type, read back with pdf.js', async (context) => {
		const heicBytes = await heic(640, 480);
		if (!heicBytes)
			return context.skip('heif-enc is not installed (apt-get install libheif-examples)');
		const claimant = person('Åse Ødegård');
		const leader = person('Lars Leder', { unit: 'board-oslo', role: 'leader' });
		const uploads = [
			await upload(claimant, await phoneJpeg(600, 400), 'pizza.jpg'),
			await upload(claimant, await png(300, 200), 'skjermbilde.png'),
			await upload(claimant, await webp(300, 200), 'billett.webp'),
			await upload(claimant, heicBytes, 'IMG_0042.HEIC'),
			await upload(
				claimant,
				await pdfBytes(['Invoice page one', 'Invoice page two']),
				'faktura.pdf'
			)
		];
		expect(uploads.map((u) => u.mimeType)).toEqual([
			'image/jpeg',
			'image/png',
			'image/webp',
			'image/jpeg',
			'application/pdf'
		]);
		const lines = [
			...uploads.map((u, i) => receiptLine(u.id, `${100 + i},50`)),
			{
				kind: 'mileage',
				date: today(),
				description: 'Driving the stand',
				from: 'Blindern',
				to: 'Bislett',
				km: '12'
			},
			receiptLine(uploads[0]!.id, '587,12', {
				merchant: 'Messe GmbH',
				currency: 'EUR',
				originalAmount: '50,00'
			})
		];
		const claimId = await claim(claimant, lines);
		expect(await expenses.approve(as(leader, 'Lars Leder'), claimId)).toMatchObject({ ok: true });

		const res = await get(`/no/fs/${claimId}/pdf`, claimant);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-disposition')).toContain(`filename="utlegg-${claimId}.pdf"`);
		const pages = await readPdf(new Uint8Array(await res.arrayBuffer()));

		const coverCount = pages.findIndex((p) => p.images > 0);
		expect(coverCount).toBeGreaterThanOrEqual(1);
		const cover = plain(
			pages
				.slice(0, coverCount)
				.map((p) => p.text)
				.join(' ')
		);
		for (const text of [
			'Utleggsrefusjon',
			'Åse Ødegård',
			'Recruitment stand',
			'Styret i Oslo',
			'Godkjent',
			'Lars Leder',
			'Blindern',
			'Bislett',
			'EUR',
			'8601 11 17947',
			'pizza.jpg',
			'billett.webp',
			'IMG_0042.jpg',
			'faktura.pdf'
		]) {
			expect(cover, text).toContain(text);
		}
		// One page per image (JPEG, PNG, WebP, HEIC; the JPEG named twice is included once), then
		// the PDF receipt page by page.
		const receipts = pages.slice(coverCount);
		expect(receipts.map((p) => p.images)).toEqual([1, 1, 1, 1, 0, 0]);
		expect(receipts[4]?.text).toContain('Invoice page one');
		expect(receipts[5]?.text).toContain('Invoice page two');
	});
});

describe('the body limit of an upload post', () => {
	const multipart = (size: number) => {
		const boundary = '----orgweb-test-boundary';
		const head = Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nStand\r\n` +
				`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n` +
				'Content-Type: application/pdf\r\n\r\n'
		);
		const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
		const filler = Buffer.alloc(size - head.length - tail.length, 0x41);
		return {
			body: Buffer.concat([head, filler, tail]),
			type: `multipart/form-data; boundary=${boundary}`
		};
	};

	function post(
		path: string,
		size: number,
		options: { chunked?: boolean; who?: SessionFixture } = {}
	) {
		const { body, type } = multipart(size);
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let at = 0; at < body.length; at += 256 * 1024) {
					controller.enqueue(body.subarray(at, at + 256 * 1024));
				}
				controller.close();
			}
		});
		return fetch(server.url + path, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				origin: server.url,
				accept: 'text/html',
				'content-type': type,
				...(options.who ? { cookie: options.who.cookie } : {})
			},
			body: options.chunked ? stream : body,
			duplex: 'half'
		} as RequestInit);
	}

	it('lets 9.5 MB through to the claim form, new and edit, while other pages keep 512 kB', async () => {
		const who = person('Stor Post');
		for (const path of ['/en/fs/new?/save', '/no/fs/some-claim/edit?/save']) {
			// Read whole and found a form, which the page then answers (no such claim: 404).
			const res = await post(path, 9.5 * MB, { who });
			expect(res.status, path).not.toBe(413);
			expect(res.status, path).toBeLessThan(500);
			await res.body?.cancel();
		}
		for (const path of ['/en/contact', '/en/fs/some-claim?/approve', '/en/fs?/anything']) {
			const res = await post(path, 600 * 1024, { who });
			expect(res.status, path).toBe(413);
			expect(await res.text()).toContain('Payload too large');
		}
	});

	it('sends a visitor to sign in without reading the upload', async () => {
		const res = await post('/en/fs/new?/save', 9.5 * MB);
		expect(res.status).toBe(303);
		expect(res.headers.get('location')).toMatch(/\/auth\/login\?redirectTo=/);
	});

	it('over the upload limit is 413, announced or chunked, and leaves no file and no claim', async () => {
		const user = person('Stor Fil');
		const before = { files: fileCount(), claims: claimCount() };
		for (const chunked of [false, true]) {
			const res = await post('/en/fs/new?/save', UPLOAD_LIMIT + 1, { chunked, who: user });
			expect(res.status, `chunked: ${chunked}`).toBe(413);
			expect(await res.text()).toContain('Payload too large');
		}
		// Just at the limit it is read (and then answered by the page, whatever that is).
		const atLimit = await post('/en/fs/no-such-claim/edit?/save', UPLOAD_LIMIT, { who: user });
		expect(atLimit.status).not.toBe(413);
		await atLimit.body?.cancel();
		expect({ files: fileCount(), claims: claimCount() }).toEqual(before);
		expect(server.output()).toContain('"msg":"request body refused"');
	});
});

function claimCount(): number {
	return withDb(
		server.dbFile,
		(sqlite) => (sqlite.prepare('select count(*) n from expense_claims').get() as { n: number }).n
	);
}
