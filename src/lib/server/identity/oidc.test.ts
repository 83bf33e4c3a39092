// OpenID Connect sign-in through the service against a real provider (oidc-provider) on this
// machine, on both engines: many callbacks of one provider identity finishing at once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser } from '../../../../tests/helpers/identity';
import { testProvider } from '../../../../tests/helpers/oidc';
import { userContext } from '../context';
import type { Db } from '../db';
import { ENGINES, testDatabase, type TestDatabase } from '../db/test-db';
import { mailer } from '../mail';
import { identityService } from './index';
import { oidcService, type OidcService } from './oidc';
import { sqlIdentityStore } from './sql';

// Never fetched: the test takes the provider's redirect to it and hands it to the service.
const REDIRECT_URI = 'http://localhost:9/auth/callback';
const nobody = userContext(null, null);

let idp: Server;
let issuer: string;

beforeAll(async () => {
	idp = createServer();
	await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
	issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
	// Every login name is an account, with a verified address of its own.
	const provider = testProvider(issuer, REDIRECT_URI, (id) => ({
		email: `${id}@example.org`,
		email_verified: true,
		name: id
	}));
	idp.on('request', provider.callback());
});
afterAll(async () => {
	idp.closeAllConnections();
	await new Promise((r) => idp.close(r));
});

/** Starts a flow, signs in at the provider as `login` and returns the callback the browser would bring. */
async function throughProvider(oidc: OidcService, login: string) {
	const started = await oidc.start('local', {
		redirectTo: '/en/profile',
		redirectUri: REDIRECT_URI
	});
	if (!started) throw new Error('unknown provider');
	const b = new Browser(issuer);
	let { res } = await b.follow(await b.get(started.url.href));
	const prompts: Record<string, string>[] = [
		{ prompt: 'login', login, password: 'any' },
		{ prompt: 'consent' }
	];
	for (const body of prompts) {
		const action = /action="([^"]+)"/.exec(await res.text())?.[1];
		if (!action) throw new Error('the provider showed no form');
		const next = await followWithin(b, await b.post(new URL(action, issuer).href, body));
		res = next.res;
		const back = next.hops.at(-1);
		if (back?.startsWith(REDIRECT_URI)) return { callbackUrl: new URL(back), state: started.state };
	}
	throw new Error('the provider did not send the browser back');
}

/** Follows the provider's own redirects; stops at the first one elsewhere. */
async function followWithin(b: Browser, first: Response) {
	const hops: string[] = [];
	let res = first;
	let url = first.url;
	while (res.status >= 300 && res.status < 400) {
		url = new URL(res.headers.get('location')!, url).href;
		hops.push(url);
		if (!url.startsWith(issuer)) break;
		res = await b.get(url);
	}
	return { res, hops };
}

describe.each(ENGINES)('on %s', (engine) => {
	let test: TestDatabase;
	let db: Db;
	let oidc: OidcService;

	beforeEach(async () => {
		test = await testDatabase(engine);
		db = test.db;
		const store = sqlIdentityStore(db);
		const mail = mailer(db, null, { from: 'x <x@localhost>' });
		const identity = identityService(store, { ttlDays: 30, mail, signupDomains: null });
		const provider = {
			id: 'local',
			name: 'Local IdP',
			issuer,
			clientId: 'orgweb',
			clientSecret: 'client-secret-for-tests',
			trustEmails: false
		};
		oidc = oidcService(store, identity, [provider], { signupDomains: null });
	});
	afterEach(() => test.destroy());

	const accountsOf = (email: string) =>
		db.selectFrom('users').select('id').where('email', '=', email).execute();
	const links = () => db.selectFrom('oauth_accounts').select(['subject', 'user_id']).execute();

	it('twenty callbacks of one new provider identity at once make one account, linked once, all signed in to it', async () => {
		const flows = [];
		for (let i = 0; i < 20; i++) flows.push(await throughProvider(oidc, 'carol'));
		const results = await Promise.all(
			flows.map((f) =>
				oidc.finish(nobody, { callbackUrl: f.callbackUrl, browserState: f.state, userAgent: null })
			)
		);
		const accounts = await accountsOf('carol@example.org');
		expect(accounts).toHaveLength(1);
		expect(results.map((r) => r.ok && r.session.user.id)).toEqual(Array(20).fill(accounts[0]!.id));
		expect(await links()).toEqual([{ subject: 'carol', user_id: accounts[0]!.id }]);
	});

	it('one callback brought five times at once signs in once', async () => {
		const flow = await throughProvider(oidc, 'dave');
		const results = await Promise.all(
			Array.from({ length: 5 }, () =>
				oidc.finish(nobody, {
					callbackUrl: flow.callbackUrl,
					browserState: flow.state,
					userAgent: null
				})
			)
		);
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		expect(results.filter((r) => !r.ok && r.reason === 'state')).toHaveLength(4);
	});
});
