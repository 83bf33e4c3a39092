// Accounts written straight into a test server's database, the outbox links the server mailed,
// and a tiny cookie-keeping client that behaves like a browser without JavaScript.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/lib/server/identity/passwords';
import { parseSetCookie, withDb } from './fixtures';

export async function createAccount(
	file: string,
	options: { email: string; password: string; name?: string; verified?: boolean }
): Promise<string> {
	const id = randomUUID();
	const hash = await hashPassword(options.password);
	const now = new Date().toISOString();
	withDb(file, (db) =>
		db
			.prepare(
				'insert into users (id, email, name, password_hash, is_anonymous, created_at, email_verified_at) values (?, ?, ?, ?, 0, ?, ?)'
			)
			.run(
				id,
				options.email,
				options.name ?? 'Test Person',
				hash,
				now,
				options.verified === false ? null : now
			)
	);
	return id;
}

/** A person on a unit's team (an account without a password), with a public title if given. */
export function teamMember(
	file: string,
	person: { name: string; unitId: string; role: string; title?: { no: string; en: string } }
): string {
	const id = randomUUID();
	const now = new Date().toISOString();
	withDb(file, (db) => {
		db.prepare(
			'insert into users (id, email, name, is_anonymous, created_at, email_verified_at) values (?, ?, ?, 0, ?, ?)'
		).run(id, `${id}@example.org`, person.name, now, now);
		db.prepare(
			'insert into team_members (unit_id, user_id, role, created_at, title_no, title_en) values (?, ?, ?, ?, ?, ?)'
		).run(person.unitId, id, person.role, now, person.title?.no ?? null, person.title?.en ?? null);
	});
	return id;
}

/** The newest link of a kind mailed to an address (from mail_outbox). */
export function mailedLink(file: string, to: string, kind: string): string {
	const row = withDb(file, (db) =>
		db
			.prepare(
				'select text_body from mail_outbox where to_address = ? and kind = ? order by rowid desc limit 1'
			)
			.get(to, kind)
	) as { text_body: string } | undefined;
	const url = /https?:\/\/\S+/.exec(row?.text_body ?? '')?.[0];
	if (!url) throw new Error(`no ${kind} mail to ${to}`);
	return url;
}

export const mailCount = (file: string, to: string) =>
	(
		withDb(file, (db) =>
			db.prepare('select count(*) n from mail_outbox where to_address = ?').get(to)
		) as { n: number }
	).n;

/** Keeps cookies per origin and never follows redirects by itself, so tests see every hop. */
export class Browser {
	private jars = new Map<string, Map<string, string>>();
	readonly setCookies: string[] = [];

	constructor(
		readonly base: string,
		private readonly headers: Record<string, string> = {}
	) {}

	cookie(name: string, origin = this.base): string | undefined {
		return this.jars.get(new URL(origin).origin)?.get(name);
	}

	setCookie(name: string, value: string, origin = this.base) {
		const key = new URL(origin).origin;
		if (!this.jars.has(key)) this.jars.set(key, new Map());
		this.jars.get(key)!.set(name, value);
	}

	async request(url: string, init: RequestInit = {}): Promise<Response> {
		const target = new URL(url, this.base);
		const jar = this.jars.get(target.origin);
		const cookie = jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
		const res = await fetch(target, {
			...init,
			redirect: 'manual',
			headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...init.headers }
		});
		for (const raw of res.headers.getSetCookie()) {
			this.setCookies.push(raw);
			const { name, value, attrs } = parseSetCookie(raw);
			const gone =
				attrs['max-age'] === '0' ||
				(typeof attrs.expires === 'string' && Date.parse(attrs.expires) <= Date.now());
			if (!this.jars.has(target.origin)) this.jars.set(target.origin, new Map());
			const j = this.jars.get(target.origin)!;
			if (gone) j.delete(name);
			else j.set(name, value);
		}
		return res;
	}

	get(url: string) {
		return this.request(url, { headers: { accept: 'text/html' } });
	}

	post(url: string, form: Record<string, string>) {
		const target = new URL(url, this.base);
		return this.request(url, {
			method: 'POST',
			headers: {
				accept: 'text/html',
				origin: target.origin,
				'content-type': 'application/x-www-form-urlencoded'
			},
			body: new URLSearchParams(form)
		});
	}

	/** Follows redirects with GET from `res`; returns the last response and every location. */
	async follow(res: Response, max = 15): Promise<{ res: Response; hops: string[] }> {
		const hops: string[] = [];
		let current = res;
		let url = res.url;
		while (current.status >= 300 && current.status < 400 && hops.length < max) {
			const location = current.headers.get('location');
			if (!location) break;
			url = new URL(location, url).href;
			hops.push(url);
			current = await this.get(url);
		}
		return { res: current, hops };
	}
}
