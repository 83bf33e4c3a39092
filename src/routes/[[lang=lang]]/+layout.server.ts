import { formatTime } from '$lib/format';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '$lib/server/app';
import { chosenCampus } from '$lib/server/web/campus';
import type { LayoutServerLoad } from './$types';

// The campus selector needs the campuses and the visitor's choice on every page; staff see a link
// to the admin area with how many new items wait in their inbox, and a session with a cart a link
// back to it. Visitors without a session cost nothing more: neither asks a question without one
// (and only those visitors' pages are kept in the page cache).
export const load: LayoutServerLoad = async (event) => {
	const caller = event.locals.caller;
	const [campuses, campus, inbox, cart] = await Promise.all([
		services().content.campuses(),
		chosenCampus(event.cookies),
		services().inbox.badge(caller),
		services().shop.cartSummary(caller)
	]);
	const { locale } = event.locals;
	// The links' words are written here, so that the shell every page loads carries no messages
	// for what only staff and shoppers see.
	const staff =
		inbox === null
			? null
			: {
					href: localizePath(inbox > 0 ? '/admin/inbox' : '/admin', locale),
					text: m.inbox_header_link(),
					count: inbox,
					countText: inbox > 0 ? m.inbox_header_new({ count: inbox }) : ''
				};
	const time = cart && formatTime(cart.heldUntil, locale);
	const cartLink =
		cart && time
			? {
					href: localizePath('/shop/cart', locale),
					count: cart.items,
					until: m.cart_header_until({ time }),
					label: m.cart_header_link({ count: cart.items, time })
				}
			: null;
	return { campuses, campus: campus ?? null, staff, cart: cartLink };
};
