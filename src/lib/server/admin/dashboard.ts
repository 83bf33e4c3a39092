// The admin dashboard: what needs someone's attention, in the caller's scope. Admins see the whole
// site; a unit's leaders their units' events and the claims waiting for them; finance the claims.
// A read model over the domains' tables: it changes nothing.
import type { AdminScope } from '$lib/admin/nav';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { recent } from '../audit';
import type { UserContext } from '../context';
import { pickLocalized, type LocalizedText } from '../content/localize';
import type { Db } from '../db';
import { publicationState, type PublicationState } from '../content/visibility';
import { trailActionLabel } from '../expenses/words';
import { identityActionLabel } from '../identity/words';
import type { InboxCount } from '../inbox';
import type { ShopAttention } from '../shop/attention';
import { subjectNames } from './subject-names';
import { changeActionWord, subjectWord } from './words';

export interface DashboardEvent {
	id: string;
	title: LocalizedText;
	startsAt: string;
	state: PublicationState;
}

export interface DashboardChange {
	id: string;
	at: string;
	actorName: string;
	/** What was done, in words ("Changed", or the action's code when it has none). */
	action: string;
	/** What it was done to, in words ("Event", …) with its id. */
	subject: string;
	/** The record's page in the admin area (unlocalized), when it has one. */
	href: string | null;
}

export interface DashboardContact {
	id: string;
	name: string;
	subject: string;
	createdAt: string;
	status: string;
}

export interface Dashboard {
	upcomingEvents: DashboardEvent[];
	/** Claims waiting for the caller's decision; null when the caller decides none. */
	claimsWaiting: number | null;
	/** Admins only: */
	recentChanges: DashboardChange[] | null;
	recentContacts: DashboardContact[] | null;
	assistantMisses: number | null;
	/** Admins only: orders waiting or failing, products running low. */
	shop: ShopAttention | null;
	/** The inbox kinds the caller has, with how many are new. */
	inbox: InboxCount[];
}

const LIMIT = 6;

/** The admin page of a record the audit log names, by its subject type. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
	event: (id) => `/admin/content/events/${id}`,
	news: (id) => `/admin/content/news/${id}`,
	job: (id) => `/admin/content/jobs/${id}`,
	project: (id) => `/admin/content/projects/${id}`,
	unit: (id) => `/admin/content/units/${id}`,
	page: (id) => `/admin/content/pages/${id}`,
	campus: (id) => `/admin/content/campuses/${id}`,
	'event-category': (id) => `/admin/content/event-categories/${id}`,
	'product-category': (id) => `/admin/content/product-categories/${id}`,
	product: (id) => `/admin/shop/products/${id}`,
	order: (id) => `/admin/shop/orders/${id}`,
	user: (id) => `/admin/people/${id}`,
	expense_claim: (id) => `/fs/${id}`,
	contact_message: (id) => `/admin/inbox/contact/${id}`
};
const recordPage = (type: string, id: string) => RECORD_PAGES[type]?.(id) ?? null;

export function dashboardService(deps: {
	db: Db;
	claimsWaiting: (ctx: UserContext) => Promise<unknown[]>;
	assistantMisses: (
		ctx: UserContext,
		now: Date
	) => Promise<{ notFound: number; unhelpful: number }>;
	shopAttention: (ctx: UserContext, now: Date) => Promise<ShopAttention>;
	inboxCounts: (ctx: UserContext, scope: AdminScope) => Promise<InboxCount[]>;
}) {
	const { db } = deps;

	async function upcomingEvents(scope: AdminScope, locale: Locale, now: Date) {
		let query = db
			.selectFrom('events')
			.selectAll()
			.where('ends_at', '>=', now.toISOString())
			.orderBy('starts_at')
			.limit(LIMIT);
		if (!scope.admin) {
			if (scope.leaderOf.length === 0) return [];
			query = query.where('unit_id', 'in', scope.leaderOf);
		}
		return (await query.execute()).map((r) => ({
			id: r.id,
			title: pickLocalized(r, 'title', locale),
			startsAt: r.starts_at,
			state: publicationState(r, now)
		}));
	}

	/** An entry's action in words: the domain's own where it has some. */
	function actionWords(subjectType: string, action: string, locale: Locale): string {
		const general = changeActionWord(action);
		if (general) return general;
		if (subjectType === 'expense_claim') return trailActionLabel(action);
		return identityActionLabel(`${subjectType}:${action}`, locale) ?? action.replace(/_/g, ' ');
	}

	async function recentChanges(locale: Locale): Promise<DashboardChange[]> {
		const entries = await recent(db, { limit: LIMIT * 2 });
		const ids = [...new Set(entries.map((e) => e.actor))];
		const [names, subjects] = await Promise.all([
			ids.length
				? db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
				: [],
			subjectNames(db, entries, locale, (person, unit) =>
				m.admin_subject_team_member_in({ person, unit })
			)
		]);
		const nameOf = new Map(names.map((u) => [u.id, u.name]));
		return entries.map((e) => {
			const word = subjectWord(e.subjectType);
			const name = subjects.get(`${e.subjectType}:${e.subjectId}`) ?? e.subjectId;
			return {
				id: e.id,
				at: e.at,
				actorName: nameOf.get(e.actor) ?? e.actor,
				action: actionWords(e.subjectType, e.action, locale),
				subject: `${word} ${name}`,
				href: recordPage(e.subjectType, e.subjectId)
			};
		});
	}

	async function recentContacts(): Promise<DashboardContact[]> {
		const rows = await db
			.selectFrom('contact_messages')
			.select(['id', 'name', 'subject', 'created_at', 'status'])
			.orderBy('created_at', 'desc')
			.limit(LIMIT)
			.execute();
		return rows.map((r) => ({
			id: r.id,
			name: r.name,
			subject: r.subject,
			createdAt: r.created_at,
			status: r.status
		}));
	}

	return {
		async forCaller(
			ctx: UserContext,
			scope: AdminScope,
			locale: Locale,
			now = new Date()
		): Promise<Dashboard> {
			const decides = scope.admin || scope.leaderOf.length > 0 || scope.financeOf.length > 0;
			const [events, claims, changes, contacts, misses, shop, inbox] = await Promise.all([
				upcomingEvents(scope, locale, now),
				decides ? deps.claimsWaiting(ctx) : null,
				scope.admin ? recentChanges(locale) : null,
				scope.admin ? recentContacts() : null,
				scope.admin ? deps.assistantMisses(ctx, now) : null,
				scope.admin ? deps.shopAttention(ctx, now) : null,
				deps.inboxCounts(ctx, scope)
			]);
			return {
				upcomingEvents: events,
				claimsWaiting: claims ? claims.length : null,
				recentChanges: changes,
				recentContacts: contacts,
				assistantMisses: misses ? misses.notFound + misses.unhelpful : null,
				shop,
				inbox
			};
		}
	};
}

export type DashboardService = ReturnType<typeof dashboardService>;
