// The admin dashboard: what needs someone's attention, in the caller's scope. Admins see the whole
// site; a unit's leaders their units' events and the claims waiting for them; finance the claims.
// A read model over the domains' tables: it changes nothing.
import type { AdminScope } from '$lib/admin/nav';
import type { Locale } from '$lib/i18n';
import { recent } from '../audit';
import type { UserContext } from '../context';
import { pickLocalized, type LocalizedText } from '../content/localize';
import type { Db } from '../db';
import { publicationState, type PublicationState } from '../content/visibility';
import type { ShopAttention } from '../shop/attention';

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
	subjectType: string;
	subjectId: string;
	action: string;
}

export interface DashboardContact {
	id: string;
	name: string;
	subject: string;
	createdAt: string;
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
}

const LIMIT = 6;

export function dashboardService(deps: {
	db: Db;
	claimsWaiting: (ctx: UserContext) => Promise<unknown[]>;
	assistantMisses: (
		ctx: UserContext,
		now: Date
	) => Promise<{ notFound: number; unhelpful: number }>;
	shopAttention: (ctx: UserContext, now: Date) => Promise<ShopAttention>;
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

	async function recentChanges(): Promise<DashboardChange[]> {
		const entries = await recent(db, { limit: LIMIT * 2 });
		const ids = [...new Set(entries.map((e) => e.actor))];
		const names = ids.length
			? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
			: [];
		const nameOf = new Map(names.map((u) => [u.id, u.name]));
		return entries.map((e) => ({
			id: e.id,
			at: e.at,
			actorName: nameOf.get(e.actor) ?? e.actor,
			subjectType: e.subjectType,
			subjectId: e.subjectId,
			action: e.action
		}));
	}

	async function recentContacts(): Promise<DashboardContact[]> {
		const rows = await db
			.selectFrom('contact_messages')
			.select(['id', 'name', 'subject', 'created_at'])
			.orderBy('created_at', 'desc')
			.limit(LIMIT)
			.execute();
		return rows.map((r) => ({
			id: r.id,
			name: r.name,
			subject: r.subject,
			createdAt: r.created_at
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
			const [events, claims, changes, contacts, misses, shop] = await Promise.all([
				upcomingEvents(scope, locale, now),
				decides ? deps.claimsWaiting(ctx) : null,
				scope.admin ? recentChanges() : null,
				scope.admin ? recentContacts() : null,
				scope.admin ? deps.assistantMisses(ctx, now) : null,
				scope.admin ? deps.shopAttention(ctx, now) : null
			]);
			return {
				upcomingEvents: events,
				claimsWaiting: claims ? claims.length : null,
				recentChanges: changes,
				recentContacts: contacts,
				assistantMisses: misses ? misses.notFound + misses.unhelpful : null,
				shop
			};
		}
	};
}

export type DashboardService = ReturnType<typeof dashboardService>;
