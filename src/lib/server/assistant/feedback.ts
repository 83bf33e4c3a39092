// What visitors miss: the questions the assistant found nothing for, and the ratings visitors give
// its answers. Only the text of unanswered questions (not found, or rated unhelpful) is kept, with
// e-mail addresses and long numbers masked, for ASSISTANT_QUESTIONS_DAYS; a helpful rating is kept
// as a count. Nothing names who asked: the rows hold no user, session or address, and the service
// is never given them. Admins read the list (grouped by question) and clear what they have dealt
// with; that clearing is audited.
import { sql } from 'kysely';
import type { Locale } from '$lib/i18n';
import { record } from '../audit';
import type { UserContext } from '../context';
import type { Db } from '../db';
import type { RolesService } from '../identity/roles';

export type Rating = 'helpful' | 'unhelpful';
export type MissReason = 'not_found' | 'unhelpful';

export interface MissedQuestion {
	/** The grouping key: the question in lower case with its spaces collapsed. */
	key: string;
	/** The question as a visitor last wrote it (masked). */
	question: string;
	locale: Locale;
	/** How often it was asked without an answer, or rated unhelpful, in the period. */
	count: number;
	notFound: number;
	unhelpful: number;
	lastAt: string;
}

export interface FeedbackSummary {
	days: number;
	notFound: number;
	helpful: number;
	unhelpful: number;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
// Phone, account and national identity numbers: eight or more digits, maybe in groups, or the
// Norwegian account number's 4.2.5 form. Dates (24.11.2026, 2026-11-24) have fewer digits in a
// row and stay.
const LONG_NUMBER = /\+?\d(?:[ ]?\d){7,}|\b\d{4}\.\d{2}\.\d{5}\b/g;

/** The question as kept: personal details a visitor may have typed masked, spaces collapsed. */
export function maskPersonal(text: string): string {
	return text
		.replace(EMAIL, '[e-mail]')
		.replace(LONG_NUMBER, '[number]')
		.replace(/\s+/g, ' ')
		.trim();
}

const DAY_MS = 86_400_000;

export function assistantFeedback(deps: {
	db: Db;
	roles: Pick<RolesService, 'require'>;
	retentionDays: number;
}) {
	const { db } = deps;
	const since = (now: Date) => new Date(now.getTime() - deps.retentionDays * DAY_MS).toISOString();

	return {
		retentionDays: deps.retentionDays,

		/** An answer that found nothing: its question is what the site misses. */
		async recordNotFound(
			answer: { id: string; locale: Locale; question: string; by: 'model' | 'local' },
			now = new Date()
		): Promise<void> {
			await db
				.insertInto('assistant_feedback')
				.values({
					id: answer.id,
					locale: answer.locale,
					question: maskPersonal(answer.question),
					found: 0,
					answered_by: answer.by,
					rating: null,
					created_at: now.toISOString(),
					rated_at: null
				})
				.onConflict((oc) => oc.column('id').doNothing())
				.execute();
		},

		/**
		 * A visitor's rating of the answer `id`; a later rating of the same answer replaces it. An
		 * answer that found nothing was recorded when it was given, with the question as asked;
		 * any other is taken as found and keeps the question only while rated unhelpful.
		 */
		async rate(
			input: {
				id: string;
				locale: Locale;
				question: string;
				by: 'model' | 'local';
				rating: Rating;
			},
			now = new Date()
		): Promise<void> {
			const at = now.toISOString();
			await db
				.insertInto('assistant_feedback')
				.values({
					id: input.id,
					locale: input.locale,
					question: input.rating === 'unhelpful' ? maskPersonal(input.question) : null,
					found: 1,
					answered_by: input.by,
					rating: input.rating,
					created_at: at,
					rated_at: at
				})
				.onConflict((oc) =>
					oc.column('id').doUpdateSet((eb) => ({
						rating: eb.ref('excluded.rating'),
						rated_at: eb.ref('excluded.rated_at'),
						question: sql<string | null>`case
							when ${sql.ref('assistant_feedback.found')} = 0 then ${sql.ref('assistant_feedback.question')}
							when ${sql.ref('excluded.rating')} = 'unhelpful' then ${sql.ref('excluded.question')}
							else null end`
					}))
				)
				.execute();
		},

		/** The questions kept, grouped, most often missed first (admins only). */
		async misses(
			ctx: UserContext,
			filter: { locale?: Locale; reason?: MissReason } = {},
			now = new Date()
		): Promise<MissedQuestion[]> {
			await deps.roles.require(ctx, { action: 'admin' }, now);
			let query = db
				.selectFrom('assistant_feedback')
				.where('question', 'is not', null)
				.where('created_at', '>=', since(now));
			if (filter.locale) query = query.where('locale', '=', filter.locale);
			if (filter.reason === 'not_found') query = query.where('found', '=', 0);
			if (filter.reason === 'unhelpful') query = query.where('rating', '=', 'unhelpful');
			const rows = await query
				.select((eb) => [
					'locale',
					sql<string>`lower(question)`.as('key'),
					eb.fn.max('question').$castTo<string>().as('question'),
					eb.fn.countAll<number | string>().as('count'),
					sql<number | string>`sum(case when found = 0 then 1 else 0 end)`.as('not_found'),
					sql<number | string>`sum(case when rating = 'unhelpful' then 1 else 0 end)`.as(
						'unhelpful'
					),
					eb.fn.max('created_at').$castTo<string>().as('last_at')
				])
				.groupBy(['locale', sql`lower(question)`])
				.orderBy('count', 'desc')
				.orderBy('last_at', 'desc')
				.limit(200)
				.execute();
			return rows.map((r) => ({
				key: r.key,
				question: r.question,
				locale: r.locale as Locale,
				count: Number(r.count),
				notFound: Number(r.not_found),
				unhelpful: Number(r.unhelpful),
				lastAt: r.last_at
			}));
		},

		/** Counts of the period: answers that found nothing, and the ratings given (admins only). */
		async summary(ctx: UserContext, now = new Date()): Promise<FeedbackSummary> {
			await deps.roles.require(ctx, { action: 'admin' }, now);
			const row = await db
				.selectFrom('assistant_feedback')
				.where('created_at', '>=', since(now))
				.select([
					sql<number | string>`coalesce(sum(case when found = 0 then 1 else 0 end), 0)`.as(
						'not_found'
					),
					sql<number | string>`coalesce(sum(case when rating = 'helpful' then 1 else 0 end), 0)`.as(
						'helpful'
					),
					sql<
						number | string
					>`coalesce(sum(case when rating = 'unhelpful' then 1 else 0 end), 0)`.as('unhelpful')
				])
				.executeTakeFirstOrThrow();
			return {
				days: deps.retentionDays,
				notFound: Number(row.not_found),
				helpful: Number(row.helpful),
				unhelpful: Number(row.unhelpful)
			};
		},

		/**
		 * Clears a question from the list once the content answers it (admins only): its rows lose
		 * their text, so the counts stay. Audited. Returns how many rows it cleared.
		 */
		async dismiss(
			ctx: UserContext,
			question: { key: string; locale: Locale },
			now = new Date()
		): Promise<number> {
			const admin = await deps.roles.require(ctx, { action: 'admin' }, now);
			return db.transaction().execute(async (trx) => {
				const cleared = await trx
					.updateTable('assistant_feedback')
					.set({ question: null })
					.where('locale', '=', question.locale)
					.where(sql`lower(question)`, '=', question.key)
					.executeTakeFirst();
				const rows = Number(cleared.numUpdatedRows);
				if (rows > 0) {
					await record(trx, {
						actor: admin.id,
						subjectType: 'assistant_question',
						subjectId: question.key.slice(0, 200),
						action: 'dismissed',
						details: { locale: question.locale, rows },
						at: now
					});
				}
				return rows;
			});
		},

		/** The cleanup job: rows older than the period go, text and counts alike. */
		async deleteExpired(now = new Date()): Promise<number> {
			const deleted = await db
				.deleteFrom('assistant_feedback')
				.where('created_at', '<', since(now))
				.executeTakeFirst();
			return Number(deleted.numDeletedRows);
		}
	};
}

export type AssistantFeedback = ReturnType<typeof assistantFeedback>;
