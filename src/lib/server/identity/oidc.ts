// Sign-in with any OpenID Connect provider named by issuer URL, client id and secret: discovery,
// authorization code flow with PKCE (S256), state and nonce, ID token verification (openid-client).
// A provider identity links to an account by (provider, subject); the first time, by e-mail, but
// only an e-mail the provider asserts as verified.
import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import type { UserContext } from '../context';
import { secretsEqual } from '../crypto/secrets';
import { errorFields, log } from '../log';
import { hashSecret, newSecret, normalizeEmail, signupAllowed, type IssuedSession } from './index';
import type { IdentityService } from './index';
import type { IdentityStore } from './types';

export interface OidcProvider {
	id: string;
	name: string;
	issuer: string;
	clientId: string;
	clientSecret: string;
	/** Treat every e-mail of this provider as verified (e.g. an organisation's own tenant). */
	trustEmails: boolean;
}

type Claims = { sub: string; email?: unknown; email_verified?: unknown; name?: unknown };

export const OAUTH_STATE_COOKIE = 'oauth_state';
export const FLOW_TTL_MS = 10 * 60_000;

export type FinishResult =
	| { ok: true; session: IssuedSession; redirectTo: string }
	| { ok: false; reason: 'state' | 'provider' | 'unverified_email' | 'domain_not_allowed' };

// Plain HTTP is accepted only from a provider on this machine (development and the tests).
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export function oidcService(
	store: IdentityStore,
	identity: Pick<IdentityService, 'issueSession'>,
	providers: OidcProvider[],
	options: { signupDomains: string[] | null }
) {
	const discovered = new Map<string, Promise<client.Configuration>>();

	function configuration(provider: OidcProvider): Promise<client.Configuration> {
		let found = discovered.get(provider.id);
		if (!found) {
			const issuer = new URL(provider.issuer);
			found = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
				execute: isLoopback(issuer) ? [client.allowInsecureRequests] : []
			});
			// A provider that was down is asked again next time rather than remembered as broken.
			found.catch(() => discovered.delete(provider.id));
			discovered.set(provider.id, found);
		}
		return found;
	}

	return {
		providers: () => providers.map((p) => ({ id: p.id, name: p.name })),

		/** The provider's authorization URL and the state to bind to the browser; null if unknown. */
		async start(
			providerId: string,
			input: { redirectTo: string; redirectUri: string },
			now = new Date()
		): Promise<{ url: URL; state: string } | null> {
			const provider = providers.find((p) => p.id === providerId);
			if (!provider) return null;
			const config = await configuration(provider);
			const state = newSecret();
			const nonce = newSecret();
			const codeVerifier = client.randomPKCECodeVerifier();
			await store.createOauthFlow({
				stateHash: hashSecret(state),
				provider: provider.id,
				codeVerifier,
				nonce,
				redirectTo: input.redirectTo,
				createdAt: now.toISOString(),
				expiresAt: new Date(now.getTime() + FLOW_TTL_MS).toISOString()
			});
			const url = client.buildAuthorizationUrl(config, {
				redirect_uri: input.redirectUri,
				scope: 'openid email profile',
				code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
				code_challenge_method: 'S256',
				state,
				nonce
			});
			return { url, state };
		},

		/**
		 * Finishes the flow at the callback. `callbackUrl` is the registered redirect URI with the
		 * provider's query; `browserState` is the state cookie of the browser that started it.
		 */
		async finish(
			ctx: UserContext,
			input: { callbackUrl: URL; browserState: string | undefined; userAgent: string | null },
			now = new Date()
		): Promise<FinishResult> {
			const state = input.callbackUrl.searchParams.get('state');
			// The state must be the one this browser started with (no login CSRF), known, unused
			// and fresh; the flow row is deleted on first use.
			if (!state || !input.browserState || !secretsEqual(state, input.browserState)) {
				return { ok: false, reason: 'state' };
			}
			const flow = await store.takeOauthFlow(hashSecret(state));
			if (!flow || flow.expiresAt <= now.toISOString()) return { ok: false, reason: 'state' };
			const provider = providers.find((p) => p.id === flow.provider);
			if (!provider) return { ok: false, reason: 'state' };

			let claims: Claims | undefined;
			try {
				const config = await configuration(provider);
				const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
					pkceCodeVerifier: flow.codeVerifier,
					expectedState: state,
					expectedNonce: flow.nonce,
					idTokenExpected: true
				});
				const idToken = tokens.claims();
				// Providers that keep the e-mail out of the ID token give it at the UserInfo endpoint
				// (checked to be about the same subject).
				const needsUserInfo =
					idToken && idToken.email === undefined && config.serverMetadata().userinfo_endpoint;
				claims =
					idToken && needsUserInfo
						? {
								...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)),
								sub: idToken.sub
							}
						: idToken;
			} catch (error) {
				log.warn('oidc sign-in failed', { provider: provider.id, ...errorFields(error) });
				return { ok: false, reason: 'provider' };
			}
			if (!claims) return { ok: false, reason: 'provider' };

			const userId = await linkedOrNewUser(provider, claims, now);
			if (typeof userId !== 'string') return userId;
			const account = await store.accountById(userId);
			if (!account) return { ok: false, reason: 'provider' };
			const session = await identity.issueSession(
				ctx,
				{ id: account.id, email: account.email, name: account.name, isAnonymous: false },
				input.userAgent,
				now
			);
			return { ok: true, session, redirectTo: flow.redirectTo };
		}
	};

	async function linkedOrNewUser(
		provider: OidcProvider,
		claims: Claims,
		now: Date
	): Promise<string | { ok: false; reason: 'unverified_email' | 'domain_not_allowed' }> {
		const at = now.toISOString();
		const linked = await store.userIdByOauth(provider.id, claims.sub);
		if (linked) return linked;

		const rawEmail = typeof claims.email === 'string' ? claims.email : null;
		const verified = claims.email_verified === true || provider.trustEmails;
		if (!rawEmail || !verified) return { ok: false, reason: 'unverified_email' };
		const email = normalizeEmail(rawEmail);

		const existing = await store.accountByEmail(email);
		if (existing) {
			// The provider proved the address; whoever registered it unverified loses their hold.
			if (!existing.emailVerifiedAt) await store.claimUnverifiedAccount(existing.id, at);
			await store.linkOauth(provider.id, claims.sub, existing.id, at);
			return existing.id;
		}
		if (!signupAllowed(email, options.signupDomains)) {
			return { ok: false, reason: 'domain_not_allowed' };
		}
		const id = randomUUID();
		const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : '';
		const created = await store.createAccount({
			id,
			email,
			name,
			passwordHash: null,
			locale: null,
			emailVerifiedAt: at,
			createdAt: at
		});
		const userId = created ? id : (await store.accountByEmail(email))?.id;
		if (!userId) return { ok: false, reason: 'unverified_email' };
		await store.linkOauth(provider.id, claims.sub, userId, at);
		return userId;
	}
}

export type OidcService = ReturnType<typeof oidcService>;
