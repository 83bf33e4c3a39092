// The site's public areas, in menu order. Paths are unlocalized; components add the prefix.
import { m } from '$lib/paraglide/messages';

export interface NavItem {
	path: string;
	label: () => string;
}

export const mainNav: NavItem[] = [
	{ path: '/about', label: m.common_nav_about },
	{ path: '/events', label: m.common_nav_events },
	{ path: '/shop', label: m.common_nav_shop },
	{ path: '/units', label: m.common_nav_units },
	{ path: '/membership', label: m.common_nav_membership },
	{ path: '/jobs', label: m.common_nav_jobs },
	{ path: '/news', label: m.common_nav_news },
	{ path: '/contact', label: m.common_nav_contact }
];

export const moreNav: NavItem[] = [
	{ path: '/projects', label: m.common_nav_projects },
	{ path: '/press', label: m.common_nav_press },
	{ path: '/students', label: m.common_nav_students },
	{ path: '/campus', label: m.common_nav_campus },
	{ path: '/partner', label: m.common_nav_partner },
	{ path: '/org-fund', label: m.common_nav_fund },
	{ path: '/business-hotspot', label: m.common_nav_business }
];

export const legalNav: NavItem[] = [
	{ path: '/privacy', label: m.common_nav_privacy },
	{ path: '/terms', label: m.common_nav_terms },
	{ path: '/safety', label: m.common_nav_safety },
	{ path: '/policies', label: m.pages_policies_title }
];

/** Whether `current` (unlocalized) is the item's page or below it. */
export function isCurrent(item: NavItem, current: string): boolean {
	return current === item.path || current.startsWith(item.path + '/');
}
