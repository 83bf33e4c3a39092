import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';

const provider = {
	id: 'entra',
	name: 'Microsoft',
	issuer: 'https://login.example/tenant/v2.0',
	clientId: 'client',
	clientSecret: 'secret'
};

describe('identity configuration', () => {
	it('defaults: open sign-up, no admins, no providers, 30 auth requests a minute', () => {
		const c = parseConfig({});
		expect(c.SIGNUP_EMAIL_DOMAINS).toBeUndefined();
		expect(c.ADMIN_EMAILS).toEqual([]);
		expect(c.OIDC_PROVIDERS).toEqual([]);
		expect(c.RATE_LIMIT_AUTH).toEqual({ max: 30, windowMs: 60_000 });
	});

	it('lists are comma separated and lower-cased', () => {
		const c = parseConfig({
			SIGNUP_EMAIL_DOMAINS: 'Uni.example, student.uni.example',
			ADMIN_EMAILS: 'Boss@Org.example'
		});
		expect(c.SIGNUP_EMAIL_DOMAINS).toEqual(['uni.example', 'student.uni.example']);
		expect(c.ADMIN_EMAILS).toEqual(['boss@org.example']);
	});

	it('OIDC_PROVIDERS is a JSON array; trustEmails defaults to false', () => {
		const c = parseConfig({ OIDC_PROVIDERS: JSON.stringify([provider]) });
		expect(c.OIDC_PROVIDERS).toEqual([{ ...provider, trustEmails: false }]);
	});

	it.each([
		['not json', /OIDC_PROVIDERS: expected a JSON array/],
		[JSON.stringify([{ ...provider, issuer: 'ftp://x' }]), /OIDC_PROVIDERS: 0.issuer/],
		[JSON.stringify([{ ...provider, id: 'Has Spaces' }]), /OIDC_PROVIDERS: 0.id/],
		[JSON.stringify([provider, provider]), /provider ids must differ/],
		[JSON.stringify([{ ...provider, clientSecret: '' }]), /OIDC_PROVIDERS: 0.clientSecret/]
	])('a bad OIDC_PROVIDERS (%s) stops start-up naming it', (value, message) => {
		expect(() => parseConfig({ OIDC_PROVIDERS: value })).toThrow(message);
	});
});
