// Everything public on the site in one locale, as documents for the assistant's index: the pages
// (about, policies and the other free pages, with their search keywords), events, published news,
// jobs, units with their team (from the team roles), projects and active products. Only text
// written in the locale is taken: an English question must never be answered with a Norwegian
// passage, so a row whose title exists only in the other locale is left out, and a blank summary
// or body is not filled from the other locale. Membership periods are no goods of their own: their
// prices are part of /membership, the page that sells them, so a question about the price is
// answered there.
import { roleTitle } from '$lib/identity/words';
import { formatDate, formatDateTimeRange, formatPrice } from '$lib/format';
import { localizePath, type Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { Db } from '../db';
import { isPublic } from '../content/visibility';
import { publicTeam } from '../identity/public-team';
import type { IndexDoc, SiteLink } from './search-index';
import { plainText } from './text';

type Row = Record<string, unknown>;

/** The field in the locale, or '' when it is blank there (never the other locale's text). */
function inLocale(row: Row, field: string, locale: Locale): string {
	const value = row[`${field}_${locale}`];
	return typeof value === 'string' ? plainText(value) : '';
}

const joined = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join('\n\n');

// A Markdown link to a page of this site: `[the expense system](/en/fs)`.
const SITE_LINK = /\[([^\]\n]{2,100})\]\((\/[^)\s]*)\)/g;

/** The site's pages a text's Markdown links to, each titled by its link's text. */
export function siteLinks(markdown: string, locale: Locale): SiteLink[] {
	const links = new Map<string, SiteLink>();
	for (const [, label, target] of markdown.matchAll(SITE_LINK)) {
		const url = /^\/(no|en)(\/|$)/.test(target!) ? target! : localizePath(target!, locale);
		const title = plainText(label!);
		if (title === '' || links.has(url)) continue;
		links.set(url, { title: title[0]!.toUpperCase() + title.slice(1), url });
	}
	return [...links.values()];
}

export async function publicDocs(db: Db, locale: Locale, now = new Date()): Promise<IndexDoc[]> {
	const iso = now.toISOString();
	const [pages, events, news, jobs, units, leaders, projects, products, plans] = await Promise.all([
		db.selectFrom('pages').selectAll().where(isPublic('pages', iso)).orderBy('slug').execute(),
		db.selectFrom('events').selectAll().where(isPublic('events', iso)).orderBy('id').execute(),
		db.selectFrom('news').selectAll().where(isPublic('news', iso)).orderBy('id').execute(),
		db.selectFrom('jobs').selectAll().where(isPublic('jobs', iso)).orderBy('id').execute(),
		db.selectFrom('units').selectAll().where(isPublic('units', iso)).orderBy('id').execute(),
		publicTeam(db),
		db.selectFrom('projects').selectAll().where(isPublic('projects', iso)).orderBy('id').execute(),
		db.selectFrom('products').selectAll().where('active', '=', 1).orderBy('id').execute(),
		db
			.selectFrom('membership_plans as plan')
			.innerJoin('products as p', 'p.id', 'plan.product_id')
			.select(['p.name_no', 'p.name_en', 'p.price_ore'])
			.where('p.active', '=', 1)
			.orderBy('plan.sort')
			.execute()
	]);
	const opts = { locale };
	const docs: IndexDoc[] = [];
	const add = (
		kind: IndexDoc['kind'],
		id: string,
		path: string,
		title: string,
		text: string,
		more: Pick<IndexDoc, 'date' | 'keywords' | 'links'> = {}
	) => {
		if (title.trim() === '') return;
		docs.push({
			id: `${kind}:${id}`,
			kind,
			locale,
			title,
			url: localizePath(path, locale),
			text,
			...Object.fromEntries(Object.entries(more).filter(([, v]) => v && v.length > 0))
		});
	};
	const text = (r: Row) => joined(inLocale(r, 'summary', locale), inLocale(r, 'body', locale));
	const links = (r: Row) => {
		const body = r[`body_${locale}`];
		return typeof body === 'string' ? siteLinks(body, locale) : [];
	};

	const membershipPrices = plans.length
		? m.assistant_membership_plans(
				{
					plans: plans
						.map((r) =>
							m.assistant_membership_plan(
								{ name: inLocale(r, 'name', locale), price: formatPrice(r.price_ore, locale) },
								opts
							)
						)
						.join('; ')
				},
				opts
			)
		: '';
	const membershipPage = pages.find((r) => r.slug === 'membership');
	if (!membershipPage && membershipPrices) {
		add('page', 'membership', '/membership', m.membership_title({}, opts), membershipPrices);
	}
	for (const r of pages) {
		const body = r.slug === 'membership' ? joined(text(r), membershipPrices) : text(r);
		add('page', r.slug, `/${r.slug}`, inLocale(r, 'title', locale), body, {
			keywords: inLocale(r, 'keywords', locale),
			links: links(r)
		});
	}
	for (const r of events) {
		const when = m.assistant_event_when(
			{ when: formatDateTimeRange(r.starts_at, r.ends_at, locale), location: r.location },
			opts
		);
		const price =
			r.price_ore === null
				? ''
				: m.assistant_event_price({ price: formatPrice(r.price_ore, locale) }, opts);
		add(
			'event',
			r.id,
			`/events/${encodeURIComponent(r.id)}`,
			inLocale(r, 'title', locale),
			joined(text(r), `${when} ${price}`),
			{ date: r.starts_at, links: links(r) }
		);
	}
	for (const r of news) {
		const path = `/news/${encodeURIComponent(r.id)}`;
		add('news', r.id, path, inLocale(r, 'title', locale), text(r), {
			date: r.published_at,
			links: links(r)
		});
	}
	for (const r of jobs) {
		const deadline = m.assistant_job_deadline({ date: formatDate(r.deadline, locale) }, opts);
		const path = `/jobs/${encodeURIComponent(r.slug)}`;
		add('job', r.id, path, inLocale(r, 'title', locale), joined(text(r), deadline), {
			links: links(r)
		});
	}
	for (const r of units) {
		const team = leaders
			.filter((l) => l.unitId === r.id)
			.map((l) => `${l.title[locale]?.trim() || roleTitle(l.role, locale)}: ${l.name}.`)
			.join(' ');
		const path = `/units/${encodeURIComponent(r.id)}`;
		add('unit', r.id, path, inLocale(r, 'name', locale), joined(text(r), team), {
			links: links(r)
		});
	}
	for (const r of projects) {
		const path = `/projects/${encodeURIComponent(r.slug)}`;
		add('project', r.id, path, inLocale(r, 'title', locale), text(r), { links: links(r) });
	}
	for (const r of products) {
		if (r.category === 'membership') continue;
		const path = `/shop/${encodeURIComponent(r.slug)}`;
		const prices = [
			m.assistant_product_price({ price: formatPrice(r.price_ore, locale) }, opts),
			r.member_price_ore === null
				? ''
				: m.assistant_product_member_price({ price: formatPrice(r.member_price_ore, locale) }, opts)
		];
		const body = joined(inLocale(r, 'description', locale), prices.join(' ').trim());
		add('product', r.id, path, inLocale(r, 'name', locale), body);
	}
	return docs;
}
