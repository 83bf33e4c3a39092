// The admin area's navigation, by what the caller may do there: admins see everything, a unit's
// leaders their units' content, finance the claims. Pages of the area add their entry here.
import { localizePath, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';

/** What the caller may do in the admin area (from the roles module, admin/scope.ts). */
export interface AdminScope {
	admin: boolean;
	/** Units the caller leads: their content is theirs to edit. */
	leaderOf: string[];
	/** Units whose claims the caller approves as finance. */
	financeOf: string[];
	/** Reads safety reports (not implied by admin). */
	safety: boolean;
}

export interface AdminNavItem {
	href: string;
	label: string;
}

export interface AdminNavSection {
	label: string;
	items: AdminNavItem[];
}

/** The content kinds a unit's leader edits for their unit; admins edit all of CONTENT_KINDS. */
export const UNIT_CONTENT_KINDS = ['events', 'news', 'jobs', 'projects', 'units'] as const;
export const CONTENT_KINDS = [
	...UNIT_CONTENT_KINDS,
	'pages',
	'campuses',
	'event-categories',
	'product-categories'
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export function contentKindLabel(kind: ContentKind): string {
	const labels: Record<ContentKind, () => string> = {
		events: m.admin_kind_events,
		news: m.admin_kind_news,
		jobs: m.admin_kind_jobs,
		projects: m.admin_kind_projects,
		units: m.admin_kind_units,
		pages: m.admin_kind_pages,
		campuses: m.admin_kind_campuses,
		'event-categories': m.admin_kind_event_categories,
		'product-categories': m.admin_kind_product_categories
	};
	return labels[kind]();
}

/** The inbox's kinds (server/inbox counts them); each has its list under /admin/inbox. */
export const INBOX_KINDS = ['applications', 'contact', 'safety'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** A kind's name and its list's address (unlocalized). */
export function inboxKindPage(kind: InboxKind): { label: string; path: string } {
	const labels: Record<InboxKind, () => string> = {
		applications: m.applications_nav_applications,
		contact: m.inbox_kind_contact,
		safety: m.safety_nav_inbox
	};
	return { label: labels[kind](), path: `/admin/inbox/${kind}` };
}

export function adminNav(scope: AdminScope, locale: Locale): AdminNavSection[] {
	const at = (path: string) => localizePath(`/admin${path}`, locale);
	const kinds = scope.admin ? CONTENT_KINDS : scope.leaderOf.length > 0 ? UNIT_CONTENT_KINDS : [];
	const sections: AdminNavSection[] = [
		{ label: m.admin_nav_overview(), items: [{ href: at(''), label: m.admin_nav_dashboard() }] }
	];
	// The inbox: each kind for those who may read it (server/inbox says how many are new).
	const inbox: AdminNavItem[] = [];
	const page = (kind: InboxKind) => {
		const { label, path } = inboxKindPage(kind);
		return { href: localizePath(path, locale), label };
	};
	// Applications: admins, and a unit's leaders for their unit's jobs.
	if (scope.admin || scope.leaderOf.length > 0) inbox.push(page('applications'));
	if (scope.admin) inbox.push(page('contact'));
	// Safety reports: the safety role only, which admins do not have as such.
	if (scope.safety) inbox.push(page('safety'));
	if (inbox.length > 0) {
		sections.push({
			label: m.inbox_nav(),
			items: [{ href: at('/inbox'), label: m.inbox_title() }, ...inbox]
		});
	}
	if (kinds.length > 0) {
		sections.push({
			label: m.admin_nav_content(),
			items: kinds.map((kind) => ({ href: at(`/content/${kind}`), label: contentKindLabel(kind) }))
		});
	}
	if (scope.admin) {
		sections.push({
			label: m.admin_shop_nav_section(),
			items: [
				{ href: at('/shop/products'), label: m.admin_shop_nav_products() },
				{ href: at('/shop/orders'), label: m.admin_shop_nav_orders() },
				{ href: at('/shop/memberships'), label: m.admin_shop_nav_memberships() }
			]
		});
		sections.push({
			label: m.admin_people_nav_people(),
			items: [
				{ href: at('/people'), label: m.admin_people_nav_users() },
				{ href: at('/units'), label: m.admin_people_nav_teams() },
				{ href: at('/marks'), label: m.marks_ladder_nav() }
			]
		});
	} else if (scope.leaderOf.length > 0) {
		// A unit's leaders manage their own units' teams (admin/units lists them).
		sections.push({
			label: m.admin_people_nav_people(),
			items: [{ href: at('/units'), label: m.admin_people_my_units() }]
		});
	}
	if (scope.admin) {
		sections.push({
			label: m.admin_nav_visitors(),
			items: [{ href: at('/assistant'), label: m.admin_nav_assistant() }]
		});
	}
	if (scope.admin || scope.leaderOf.length > 0 || scope.financeOf.length > 0) {
		sections.push({
			label: m.admin_nav_money(),
			items: [{ href: localizePath('/fs', locale), label: m.admin_nav_claims() }]
		});
	}
	return sections;
}
