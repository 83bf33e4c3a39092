import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { callerOf } from '$lib/server/http/admin-route';
import { chosenCampus } from '$lib/server/http/campus';
import type { LayoutServerLoad } from './$types';

// The campus selector in the header needs the campuses and the visitor's choice on every page;
// staff see a link to the admin area with how many new items wait in their inbox. Visitors cost
// nothing more (the badge asks no question without a signed-in user).
export const load: LayoutServerLoad = async (event) => {
	const [campuses, campus, inbox] = await Promise.all([
		services().content.campuses(),
		chosenCampus(event.cookies),
		services().inbox.badge(callerOf(event))
	]);
	// The link's words are written here, so that the shell every page loads carries no messages
	// for what only staff see.
	const staff =
		inbox === null
			? null
			: {
					href: localizePath(inbox > 0 ? '/admin/inbox' : '/admin', event.locals.locale),
					text:
						inbox > 0
							? `${m.inbox_header_link()} (${m.inbox_header_new({ count: inbox })})`
							: m.inbox_header_link()
				};
	return { campuses, campus: campus ?? null, staff };
};
