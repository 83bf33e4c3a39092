// The text for the codes the sign-in forms and pages answer with.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

export type AuthMessage = { kind: string; seconds?: number };

export function authMessage(msg: AuthMessage | undefined | null): string | null {
	if (!msg) return null;
	switch (msg.kind) {
		case 'invalid':
			return m.auth_login_invalid();
		case 'unverified':
			return m.auth_login_unverified();
		case 'throttled':
			return m.auth_login_throttled({ seconds: msg.seconds ?? 0 });
		case 'rate_limited':
			return m.auth_error_rate_limited();
		case 'domain_not_allowed':
			return m.auth_error_domain();
		case 'state':
			return m.auth_oauth_error_state();
		case 'provider':
			return m.auth_oauth_error_provider();
		case 'unverified_email':
			return m.auth_oauth_error_unverified();
		default:
			return null;
	}
}

type Words = (inputs: object, options?: { locale?: Locale }) => string;

/** A team role's word in a sentence ("as finance") and as a title beside a name ("Finance"). */
const ROLE_WORDS: Record<string, { label: Words; title: Words }> = {
	member: { label: m.auth_role_member, title: m.auth_role_title_member },
	leader: { label: m.auth_role_leader, title: m.auth_role_title_leader },
	finance: { label: m.auth_role_finance, title: m.auth_role_title_finance }
};

const roleWord = (role: string, use: 'label' | 'title', locale?: Locale) =>
	ROLE_WORDS[role]?.[use]({}, locale && { locale }) ?? role;

/** A team role in words: the page's language, or `locale` (a mail's). */
export const roleLabel = (role: string, locale?: Locale) => roleWord(role, 'label', locale);

/** A team role as a title beside a name ("Leader"): the page's language, or `locale`. */
export const roleTitle = (role: string, locale?: Locale) => roleWord(role, 'title', locale);
