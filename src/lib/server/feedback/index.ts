// Event feedback (issue 33): optional per event, turned on by its organisers (admins, the leaders
// of its unit; audited). Once the event is over, those who attended answer a rating 1–5 and an
// optional comment, once, and may change it until the form closes (window.ts). The organisers see
// the count, the average, the answers per rating and the comments, never who said what.
import type { UserContext } from '../context';
import type { Db } from '../db';
import { recordChange } from '../audit';
import { toCsv } from '../csv';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { requireOrganiser } from '../registration';
import { invalidFeedbackCode } from '$lib/schemas/feedback';
import { hasAttended } from './attended';
import { anonymousOrder, answersTo, summarise } from './results';
import {
	FeedbackInput,
	type FeedbackAnswer,
	type FeedbackResults,
	type MemberFeedback
} from './types';
import { feedbackWindow, windowState } from './window';
import { feedbackFileHeader, type FeedbackLocale } from './words';

export * from './types';
export { hasAttended } from './attended';
export { FEEDBACK_OPEN_DAYS } from './window';

export interface FeedbackDeps {
	db: Db;
	roles: Pick<RolesService, 'require'>;
}

export function feedbackService(deps: FeedbackDeps) {
	const { db, roles } = deps;

	/** The event with its feedback switch and window; NotFound for an unknown event. */
	async function eventOf(eventId: string) {
		const row = await db
			.selectFrom('events')
			.leftJoin('event_feedback_settings', 'event_feedback_settings.event_id', 'events.id')
			.select(['events.id', 'events.title_no', 'events.title_en', 'events.starts_at'])
			.select(['events.ends_at', 'event_feedback_settings.enabled'])
			.where('events.id', '=', eventId)
			.executeTakeFirst();
		if (!row) throw new NotFound('unknown event', 'unknown_event');
		return {
			id: row.id,
			title: { no: row.title_no, en: row.title_en },
			enabled: row.enabled === 1,
			...feedbackWindow({ startsAt: row.starts_at, endsAt: row.ends_at })
		};
	}

	/** The event, if it asks for feedback; NotFound (feedback_off) when it does not. */
	async function askingEvent(eventId: string) {
		const event = await eventOf(eventId);
		if (!event.enabled) throw new NotFound('this event asks for no feedback', 'feedback_off');
		return event;
	}

	async function answerOf(eventId: string, userId: string): Promise<FeedbackAnswer | null> {
		const row = await db
			.selectFrom('event_feedback')
			.select(['rating', 'comment'])
			.where('event_id', '=', eventId)
			.where('user_id', '=', userId)
			.executeTakeFirst();
		return row ?? null;
	}

	async function memberView(ctx: UserContext, eventId: string, now: Date) {
		const user = signedIn(ctx);
		const event = await askingEvent(eventId);
		const window = windowState(event, now);
		const attended =
			window === 'not_yet'
				? false
				: await hasAttended(db, { id: event.id, endsAt: event.opensAt }, user.id, now);
		const view: MemberFeedback = {
			eventId: event.id,
			title: event.title,
			opensAt: event.opensAt,
			closesAt: event.closesAt,
			state: window !== 'not_yet' && !attended ? 'not_attended' : window,
			mine: attended ? await answerOf(event.id, user.id) : null
		};
		return { user, view };
	}

	return {
		/** The attendee's form: where it stands for them and their answer so far. */
		async form(ctx: UserContext, eventId: string, now = new Date()): Promise<MemberFeedback> {
			return (await memberView(ctx, eventId, now)).view;
		},

		/**
		 * The event page's link to the form: whether the member has answered, when the form is
		 * open to them; null otherwise (no feedback, not theirs, not now, not signed in).
		 */
		async invitation(
			ctx: UserContext,
			eventId: string,
			now = new Date()
		): Promise<{ answered: boolean } | null> {
			if (!ctx.user || ctx.user.isAnonymous) return null;
			try {
				const { view } = await memberView(ctx, eventId, now);
				return view.state === 'open' ? { answered: view.mine !== null } : null;
			} catch (error) {
				if (error instanceof NotFound) return null;
				throw error;
			}
		},

		/**
		 * Saves the attendee's answer, or changes the one they gave. Refused, with nothing written:
		 * a rating not 1–5 or a comment too long (Invalid), an event asking for none (NotFound),
		 * before the event's end or after the form closed (Conflict), someone who did not attend
		 * (Forbidden).
		 */
		async answer(
			ctx: UserContext,
			eventId: string,
			input: FeedbackInput,
			now = new Date()
		): Promise<{ answer: FeedbackAnswer; changed: boolean }> {
			const parsed = FeedbackInput.safeParse(input);
			if (!parsed.success) {
				throw new Invalid(
					'not a rating from 1 to 5 with a short comment',
					invalidFeedbackCode(parsed.error)
				);
			}
			const { user, view } = await memberView(ctx, eventId, now);
			if (view.state === 'not_yet')
				throw new Conflict('the event has not ended', 'feedback_not_open');
			if (view.state === 'closed') throw new Conflict('the feedback has closed', 'feedback_closed');
			if (view.state === 'not_attended') {
				throw new Forbidden('only those who attended give feedback', 'not_attended');
			}
			const answer = parsed.data;
			const at = now.toISOString();
			const changed = { rating: answer.rating, comment: answer.comment, updated_at: at };
			// One statement: two posts of the same member at once leave one answer, the later one.
			await db
				.insertInto('event_feedback')
				.values({ event_id: view.eventId, user_id: user.id, ...changed, created_at: at })
				.onConflict((c) => c.columns(['event_id', 'user_id']).doUpdateSet(changed))
				.execute();
			return { answer, changed: view.mine !== null };
		},

		/** The organisers' results; the figures are there even after they turned feedback off. */
		async results(ctx: UserContext, eventId: string): Promise<FeedbackResults> {
			await requireOrganiser(db, roles, ctx, eventId);
			const event = await eventOf(eventId);
			return {
				eventId: event.id,
				title: event.title,
				enabled: event.enabled,
				opensAt: event.opensAt,
				closesAt: event.closesAt,
				...summarise(await answersTo(db, event.id))
			};
		},

		/** The results as a spreadsheet: one line per answer, its rating and comment, no names. */
		async resultsCsv(ctx: UserContext, eventId: string, locale: FeedbackLocale) {
			await requireOrganiser(db, roles, ctx, eventId);
			const answers = anonymousOrder(await answersTo(db, eventId));
			return toCsv(
				feedbackFileHeader(locale),
				answers.map((a) => [a.rating, a.comment]),
				locale
			);
		},

		/** Turns the event's feedback on or off (answers given stay), audited. */
		async setEnabled(ctx: UserContext, eventId: string, enabled: boolean, now = new Date()) {
			const actor = await requireOrganiser(db, roles, ctx, eventId);
			await db.transaction().execute(async (trx) => {
				const before = await trx
					.selectFrom('event_feedback_settings')
					.select('enabled')
					.where('event_id', '=', eventId)
					.executeTakeFirst();
				const values = { enabled: enabled ? 1 : 0, updated_at: now.toISOString() };
				await trx
					.insertInto('event_feedback_settings')
					.values({ event_id: eventId, ...values })
					.onConflict((c) => c.column('event_id').doUpdateSet(values))
					.execute();
				await recordChange(trx, {
					actor: actor.id,
					subjectType: 'event_feedback',
					subjectId: eventId,
					action: 'update',
					before: { enabled: before?.enabled === 1 },
					after: { enabled },
					at: now
				});
			});
			return { enabled };
		}
	};
}

export type FeedbackService = ReturnType<typeof feedbackService>;
