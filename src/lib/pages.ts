// Rich-text pages served from the `pages` table by slug. The route matchers (src/params) accept
// only these slugs, so the pages' single routes never shadow other top-level routes.
import { m } from '$lib/paraglide/messages';

/** Top-level pages: /privacy, /press, … (contact, campus and membership have their own routes). */
export const STATIC_PAGES = [
	'privacy',
	'terms',
	'safety',
	'students',
	'partner',
	'org-fund',
	'business-hotspot',
	'press'
] as const;

/** The subpages of /about, in menu order, with their menu labels. */
export const ABOUT_SECTIONS: { slug: string; label: () => string }[] = [
	{ slug: 'what-is-org', label: m.pages_about_nav_what_is_org },
	{ slug: 'history', label: m.pages_about_nav_history },
	{ slug: 'bylaws', label: m.pages_about_nav_bylaws },
	{ slug: 'operations', label: m.pages_about_nav_operations },
	{ slug: 'politics', label: m.pages_about_nav_politics },
	{ slug: 'study-quality', label: m.pages_about_nav_study_quality },
	{ slug: 'partner-org', label: m.pages_about_nav_partner_org },
	{ slug: 'alumni', label: m.pages_about_nav_alumni },
	{ slug: 'academics-contact', label: m.pages_about_nav_academics_contact }
];

export const isStaticPage = (slug: string) => (STATIC_PAGES as readonly string[]).includes(slug);
export const isAboutSection = (slug: string) => ABOUT_SECTIONS.some((s) => s.slug === slug);
