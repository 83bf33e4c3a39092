// A member's ticket on the pages: on the event page and in the profile's registrations as markup
// made here (a QR code in SVG, its words, the link to the ticket's own page), which the pages put
// in as it is: those two pages are at their first-visit JavaScript budget, and this adds none.
// The ticket page shows the code large, for the door.
import { error, redirect, type RequestEvent } from '@sveltejs/kit';
import { localizePath } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { services } from '../app';
import { qrSvg } from '../tickets/qr';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const memberOf = (event: RequestEvent) => {
	const user = event.locals.user;
	return user && !user.isAnonymous ? user : null;
};

const ticketHref = (slug: string, locale: 'no' | 'en') =>
	localizePath(`/events/${encodeURIComponent(slug)}/ticket`, locale);

/** The ticket's block: the code small, the hint and the link to the ticket page. */
function ticketBlock(token: string, title: string, href: string, level: 2 | 3) {
	const svg = qrSvg(token, m.tickets_qr_label({ event: title }));
	const heading = level === 2 ? 'text-xl font-semibold' : 'font-semibold';
	return (
		`<section class="mt-6 grid justify-items-start gap-2 rounded-lg border border-stone-300 p-4 dark:border-stone-700" data-testid="ticket">` +
		`<h${level} class="${heading}">${escape(m.tickets_title())}</h${level}>` +
		`<div class="w-44 max-w-full">${svg}</div>` +
		`<p class="max-w-prose">${escape(m.tickets_hint())}</p>` +
		`<p><a href="${escape(href)}">${escape(m.tickets_show())}</a></p></section>`
	);
}

/** The signed-in member's ticket on an event's page, as markup; null without one. */
export async function ticketOnEventPage(
	event: RequestEvent,
	found: { id: string; slug: string; title: { text: string } }
): Promise<string | null> {
	if (!memberOf(event)) return null;
	const token = await services().tickets.forEvent(event.locals.caller, found.id);
	if (!token) return null;
	return ticketBlock(token, found.title.text, ticketHref(found.slug, event.locals.locale), 2);
}

/** The member's tickets for the profile's registration lines, by event id, as markup. */
export async function ticketsOnProfile(
	event: RequestEvent,
	lines: { eventId: string; title: string; href: string }[]
): Promise<Record<string, string>> {
	const tokens = await services().tickets.mine(event.locals.caller);
	const blocks: Record<string, string> = {};
	for (const line of lines) {
		const token = tokens.get(line.eventId);
		if (token) blocks[line.eventId] = ticketBlock(token, line.title, `${line.href}/ticket`, 3);
	}
	return blocks;
}

/** The ticket page: the event's title and the code, or none; a visitor is sent to sign in. */
export async function ticketPage(event: RequestEvent<{ id: string }>) {
	const { locale, caller } = event.locals;
	const found = await services().content.event(locale, event.params.id);
	if (!found) error(404, 'Not found');
	event.setHeaders({ 'cache-control': 'private, no-store' });
	if (!memberOf(event)) {
		const back = encodeURIComponent(event.url.pathname);
		redirect(303, `${localizePath('/auth/login', locale)}?redirectTo=${back}`);
	}
	const title = found.event.title.text;
	const token = await services().tickets.forEvent(caller, found.event.id);
	return {
		title,
		eventHref: localizePath(`/events/${encodeURIComponent(found.event.slug)}`, locale),
		qr: token ? qrSvg(token, m.tickets_qr_label({ event: title })) : null
	};
}
