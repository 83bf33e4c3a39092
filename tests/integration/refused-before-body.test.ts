// Who may not post somewhere is refused before the body is read: each request here announces a
// 40 MiB upload, sends its first 64 KiB and then waits. A server that read the body before asking
// who is posting would never answer; one that asks first answers at once.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../helpers/fixtures';
import { startServer, type TestServer } from '../helpers/server';

const ANNOUNCED = 40 * 1024 * 1024;
const BOUNDARY = 'refused-before-body';

let server: TestServer;
let member: string;

beforeAll(async () => {
	server = await startServer();
	member = createSession(server.dbFile, { email: 'plain-member@example.org' }).cookie;
});
afterAll(() => server?.stop());

interface Answer {
	status: number;
	location: string | undefined;
}

/** Starts an upload of ANNOUNCED bytes, sends a little of it and resolves with the answer's head. */
function startUpload(path: string, cookie?: string): Promise<Answer> {
	const url = new URL(path, server.url);
	return new Promise((resolve, reject) => {
		const req = request(url, {
			method: 'POST',
			headers: {
				origin: server.url,
				'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
				'content-length': String(ANNOUNCED),
				...(cookie ? { cookie } : {})
			}
		});
		req.on('response', (res) => {
			resolve({ status: res.statusCode ?? 0, location: res.headers.location });
			res.resume();
			req.destroy();
		});
		req.on('error', (error) => {
			if (!req.destroyed) reject(error);
		});
		req.write(
			`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
				`Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`
		);
		req.write(Buffer.alloc(64 * 1024, 0x20));
		// The rest never comes.
	});
}

describe('an upload by someone who may not post there', () => {
	it('a visitor on the claim form is sent to sign in before the body is read', async () => {
		const answer = await startUpload('/en/fs/new?/save');
		expect(answer.status).toBe(303);
		expect(answer.location).toBe('/en/auth/login?redirectTo=%2Fen%2Ffs%2Fnew%3F%2Fsave');
	});

	it('a visitor on an admin content form is sent to sign in before the body is read', async () => {
		const answer = await startUpload('/en/admin/content/news/x?/save');
		expect(answer.status).toBe(303);
		expect(answer.location).toMatch(/^\/en\/auth\/login\?redirectTo=/);
	});

	it('a member with no place in the admin area gets its 404 before the body is read', async () => {
		const answer = await startUpload('/no/admin/content/events/x?/save', member);
		expect(answer.status).toBe(404);
	});

	for (const path of ['/api/process-document', '/api/expense/generate-description']) {
		it(`a visitor's upload to ${path} is 401 before the body is read`, async () => {
			const answer = await startUpload(path);
			expect(answer.status).toBe(401);
		});
	}
});
