// A real OpenID provider (oidc-provider) on 127.0.0.1 and the built app configured to use it, for the
// integration and browser tests of OpenID Connect sign-in. Not a mock: discovery, keys, PKCE, tokens
// and UserInfo are the provider's own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { startServer, type TestServer } from './server';

/** Who the provider says each login name is. */
export const IDP_ACCOUNTS: Record<
	string,
	{ email: string; email_verified: boolean; name: string }
> = {
	alice: { email: 'alice@example.org', email_verified: true, name: 'Alice Provider' },
	owner: { email: 'owner@example.org', email_verified: true, name: 'Owner' },
	squatted: { email: 'squatted@example.org', email_verified: true, name: 'Real Owner' },
	liar: { email: 'victim@example.org', email_verified: false, name: 'Liar' }
};

export interface OidcSetup {
	issuer: string;
	server: TestServer;
	stop(): Promise<void>;
}

/**
 * The provider as the tests configure it: one confidential client `orgweb` with PKCE, and the
 * accounts `claimsOf` knows (undefined: no such login).
 */
export function testProvider(
	issuer: string,
	redirectUri: string,
	claimsOf: (id: string) => Record<string, unknown> | undefined
): Provider {
	return new Provider(issuer, {
		clients: [
			{
				client_id: 'orgweb',
				client_secret: 'client-secret-for-tests',
				redirect_uris: [redirectUri],
				token_endpoint_auth_method: 'client_secret_post',
				grant_types: ['authorization_code'],
				response_types: ['code']
			}
		],
		claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
		cookies: { keys: ['cookie-key-for-tests'] },
		pkce: { required: () => true },
		async findAccount(_ctx, id) {
			const claims = claimsOf(id);
			if (!claims) return undefined;
			return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
		}
	});
}

const listen = async (s: Server) => {
	await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
	return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

export async function startAppWithProvider(env: Record<string, string> = {}): Promise<OidcSetup> {
	// The provider's address must be known before the app starts (issuer in its configuration), and
	// the app's before the provider (redirect URI): listen first, attach the provider after.
	const idp = createServer();
	const issuer = await listen(idp);
	const closed = createServer();
	const downIssuer = await listen(closed);
	await new Promise((r) => closed.close(r));

	const server = await startServer({
		RATE_LIMIT_AUTH: '100000/60',
		RATE_LIMIT_ANONYMOUS: '100000/60',
		OIDC_PROVIDERS: JSON.stringify([
			{
				id: 'local',
				name: 'Local IdP',
				issuer,
				clientId: 'orgweb',
				clientSecret: 'client-secret-for-tests'
			},
			{ id: 'down', name: 'Down IdP', issuer: downIssuer, clientId: 'x', clientSecret: 'y' }
		]),
		...env
	});

	const provider = testProvider(issuer, `${server.url}/auth/callback`, (id) => IDP_ACCOUNTS[id]);
	idp.on('request', provider.callback());

	return {
		issuer,
		server,
		async stop() {
			await server.stop();
			idp.closeAllConnections();
			await new Promise((r) => idp.close(r));
		}
	};
}
