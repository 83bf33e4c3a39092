// Attendance and the marks ladder: what routes, the scheduler and the door's check-in call. The
// organiser's changes (a state set by hand, a mark removed) are for admins and the leaders of the
// event's unit, each with a reason, audited; the ladder is the admins'. The marks are given where
// their cause happens: a late unregistration in registration's own transaction
// (registration/register.ts), a no-show by the minute's schedule (settleDue).
import { z } from 'zod';
import { record, recordChange } from '../audit';
import type { UserContext } from '../context';
import type { Db } from '../db';
import { Invalid, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { requireOrganiser } from '../registration';
import { attendanceOf, setState, settleNoShows, STATES } from './attendance';
import { Ladder, standingOf } from './ladder';
import { loadLadder, storeLadder } from './ladder-store';
import { listMarks, removeMark } from './marks';

export { doorRecordedSomeone, recordArrival, STATES, type AttendanceState } from './attendance';
export { Ladder, DEFAULT_LADDER, type Standing, type Consequence } from './ladder';
export type { MarkView } from './marks';

const reason = z.string().trim().min(1).max(500);

export const AttendanceInput = z.object({
	registrationId: z.string().min(1).max(100),
	state: z.enum(STATES),
	reason
});
export type AttendanceInput = z.input<typeof AttendanceInput>;

export const MarkRemovalInput = z.object({ markId: z.string().min(1).max(100), reason });
export type MarkRemovalInput = z.input<typeof MarkRemovalInput>;

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
	const result = schema.safeParse(input);
	if (!result.success)
		throw new Invalid(result.error.issues[0]?.message ?? 'invalid input', 'invalid');
	return result.data;
}

export function attendanceService(deps: { db: Db; roles: Pick<RolesService, 'require'> }) {
	const { db, roles } = deps;
	const organiser = (ctx: UserContext, eventId: string) =>
		requireOrganiser(db, roles, ctx, eventId);

	return {
		/** The ladder in force (the default until an admin saves one); for admins. */
		async ladder(ctx: UserContext): Promise<Ladder> {
			await roles.require(ctx, { action: 'admin' });
			return loadLadder(db);
		},

		/** Saves the site's ladder (audited); it applies at once to every mark's expiry and weight of consequence. */
		async saveLadder(ctx: UserContext, input: Ladder, now = new Date()): Promise<Ladder> {
			const admin = await roles.require(ctx, { action: 'admin' });
			const ladder = parsed(Ladder, input);
			await db.transaction().execute(async (trx) => {
				const before = await loadLadder(trx);
				await storeLadder(trx, ladder);
				await recordChange(trx, {
					actor: admin.id,
					subjectType: 'marks_ladder',
					subjectId: 'site',
					action: 'update',
					before,
					after: ladder,
					at: now
				});
			});
			return ladder;
		},

		/** The organiser's page: each confirmed attendee's state, and the marks given for the event. */
		async ofEvent(ctx: UserContext, eventId: string, now = new Date()) {
			await organiser(ctx, eventId);
			const [event, attendees, marks] = await Promise.all([
				db
					.selectFrom('events')
					.select(['title_no', 'title_en'])
					.where('id', '=', eventId)
					.executeTakeFirstOrThrow(),
				attendanceOf(db, eventId),
				listMarks(db, { eventId }, now)
			]);
			const names = new Map(attendees.map((a) => [a.userId, a.name]));
			const missing = marks.filter((m) => !names.has(m.userId)).map((m) => m.userId);
			if (missing.length > 0) {
				const users = await db
					.selectFrom('users')
					.select(['id', 'name'])
					.where('id', 'in', missing)
					.execute();
				for (const u of users) names.set(u.id, u.name);
			}
			return {
				title: { no: event.title_no, en: event.title_en },
				attendees,
				marks: marks.map((m) => ({ ...m, name: names.get(m.userId) ?? '' }))
			};
		},

		/** The organiser sets an attendee's state with a reason (audited); a no-show gets its mark. */
		async setAttendance(
			ctx: UserContext,
			eventId: string,
			input: AttendanceInput,
			now = new Date()
		) {
			const actor = await organiser(ctx, eventId);
			const { registrationId, state, reason } = parsed(AttendanceInput, input);
			await db.transaction().execute(async (trx) => {
				const done = await setState(trx, { registrationId, state, reason }, actor.id, now);
				if (done.eventId !== eventId)
					throw new NotFound('no confirmed registration', 'unknown_registration');
				await record(trx, {
					actor: actor.id,
					subjectType: 'registration',
					subjectId: registrationId,
					action: 'attendance',
					details: { eventId, userId: done.userId, from: done.before, to: state, reason },
					at: now
				});
			});
		},

		/** The organiser removes a mark given for their event, with a reason (audited). */
		async removeMark(ctx: UserContext, eventId: string, input: MarkRemovalInput, now = new Date()) {
			const actor = await organiser(ctx, eventId);
			const { markId, reason } = parsed(MarkRemovalInput, input);
			await db.transaction().execute(async (trx) => {
				const mark = await trx
					.selectFrom('marks')
					.select(['user_id', 'kind', 'weight'])
					.where('id', '=', markId)
					.where('event_id', '=', eventId)
					.executeTakeFirst();
				if (!mark || !(await removeMark(trx, markId, { actor: actor.id, reason }, now)))
					throw new NotFound('no such mark', 'unknown_mark');
				await record(trx, {
					actor: actor.id,
					subjectType: 'mark',
					subjectId: markId,
					action: 'remove',
					details: { eventId, userId: mark.user_id, kind: mark.kind, weight: mark.weight, reason },
					at: now
				});
			});
		},

		/** The signed-in member's marks, newest first, and what the active ones mean now. */
		async mine(ctx: UserContext, now = new Date()) {
			const user = signedIn(ctx);
			const [marks, ladder] = await Promise.all([
				listMarks(db, { userId: user.id }, now),
				loadLadder(db)
			]);
			const active = marks.filter((m) => m.active);
			return {
				marks: marks.map(({ userId: _u, registrationId: _r, ...m }) => m),
				standing: standingOf(ladder, active, now)
			};
		},

		/** The no-shows of events that ended (the minute's schedule); returns how many. */
		async settleDue(now = new Date()): Promise<number> {
			return db
				.transaction()
				.execute(async (trx) => settleNoShows(trx, await loadLadder(trx), now));
		}
	};
}

export type AttendanceService = ReturnType<typeof attendanceService>;
