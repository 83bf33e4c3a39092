// The applications as staff see them: a filtered, paged list of what the caller may read (admins
// every job's; a unit's leaders their unit's jobs'), one application with its files, notes and
// trail, a status change with a version check, internal notes, and the count of new ones for the
// dashboard. Every function asks the roles module first; a refusal and a missing record are the
// same 404 in the routes.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
	APPLICATION_STATUSES,
	NoteInput,
	StatusChange,
	type ApplicationStatus,
	type InboxFilter
} from '$lib/schemas/application';
import { record, trail, type AuditRecord } from '../audit';
import type { UserContext } from '../context';
import type { Database, Db } from '../db';
import { versioned } from '../db/versioned';
import { Conflict, NotFound } from '../errors';
import { signedIn, type RolesService } from '../identity/roles';
import { SUBJECT } from './erase';
import { NEXT, mayMove } from './status';

export const INBOX_PAGE_SIZE = 50;

export type Bilingual = { no: string; en: string };

export interface InboxRow {
	id: string;
	name: string;
	email: string;
	status: ApplicationStatus;
	createdAt: string;
	jobId: string;
	jobTitle: Bilingual;
	unitId: string | null;
	unitName: Bilingual | null;
}

export interface ApplicationDetail extends InboxRow {
	phone: string;
	motivation: string;
	locale: string;
	version: number;
	updatedAt: string;
	files: { position: number; fileId: string; name: string; size: number }[];
	notes: { id: string; authorId: string; authorName: string; body: string; createdAt: string }[];
	trail: AuditRecord[];
	/** Where its status may go from here (none: final). */
	next: readonly ApplicationStatus[];
}

export type StatusResult =
	| { ok: true; version: number }
	| { ok: false; reason: 'invalid' }
	| { ok: false; reason: 'conflict' | 'not_allowed'; status: ApplicationStatus; version: number };

type Stored = { status: string; version: number };
type StatusDone = Extract<StatusResult, { ok: true }>;
type StatusRefusal = {
	ok: false;
	reason: 'not_allowed';
	status: ApplicationStatus;
	version: number;
};

/** Which jobs' applications a caller reads: every job's, or those of the units they lead. */
export type Reach = { all: true } | { all: false; units: string[] };

export type RolesDep = Pick<RolesService, 'require' | 'rolesOf'>;

const bilingual = (no: string | null, en: string | null): Bilingual => ({
	no: no || en || '',
	en: en || no || ''
});

export function inbox(deps: { db: Db; roles: RolesDep }) {
	const { db, roles } = deps;

	/** The caller's reach; null when they may read no application at all. */
	async function reachOf(ctx: UserContext): Promise<Reach | null> {
		const mine = await roles.rolesOf(ctx);
		if (mine.admin) return { all: true };
		const units = mine.units.filter((u) => u.role === 'leader').map((u) => u.unitId);
		return units.length > 0 ? { all: false, units } : null;
	}

	/** The caller's reach; NotSignedIn or NotFound (the same 404) when there is none. */
	async function requireReach(ctx: UserContext): Promise<Reach> {
		signedIn(ctx);
		const reach = await reachOf(ctx);
		if (!reach) throw new NotFound('Not found');
		return reach;
	}

	function base(reach: Reach) {
		let query = db
			.selectFrom('job_applications')
			.innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
			.leftJoin('units', 'units.id', 'jobs.unit_id');
		if (!reach.all) query = query.where('jobs.unit_id', 'in', reach.units);
		return query;
	}

	function matching(reach: Reach, filter: InboxFilter) {
		let query = base(reach);
		if (filter.status) query = query.where('job_applications.status', '=', filter.status);
		if (filter.unit) query = query.where('jobs.unit_id', '=', filter.unit);
		if (filter.job) query = query.where('jobs.id', '=', filter.job);
		return query;
	}

	const ROW = [
		'job_applications.id',
		'job_applications.name',
		'job_applications.email',
		'job_applications.status',
		'job_applications.created_at',
		'jobs.id as job_id',
		'jobs.title_no',
		'jobs.title_en',
		'jobs.unit_id',
		'units.name_no as unit_name_no',
		'units.name_en as unit_name_en'
	] as const;

	type RowShape = {
		id: string;
		name: string;
		email: string;
		status: string;
		created_at: string;
		job_id: string;
		title_no: string;
		title_en: string;
		unit_id: string | null;
		unit_name_no: string | null;
		unit_name_en: string | null;
	};

	const toRow = (r: RowShape): InboxRow => ({
		id: r.id,
		name: r.name,
		email: r.email,
		status: r.status as ApplicationStatus,
		createdAt: r.created_at,
		jobId: r.job_id,
		jobTitle: bilingual(r.title_no, r.title_en),
		unitId: r.unit_id,
		unitName: r.unit_id ? bilingual(r.unit_name_no, r.unit_name_en) : null
	});

	/** One application's row and job unit, when the caller may review it; NotFound otherwise. */
	async function reviewable(ctx: UserContext, id: string, trx: Kysely<Database> = db) {
		const row = await trx
			.selectFrom('job_applications')
			.innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
			.select(['job_applications.id', 'job_applications.status', 'job_applications.version'])
			.select('jobs.unit_id')
			.where('job_applications.id', '=', id)
			.executeTakeFirst();
		// Who may not see it is told it does not exist, as when it does not.
		if (!row) {
			signedIn(ctx);
			throw new NotFound('Not found');
		}
		const user = await roles.require(ctx, { action: 'review-applications', unitId: row.unit_id });
		return { row, user };
	}

	return {
		reachOf,
		requireReach,
		matching,
		reviewable,

		/** One page of what the filter selects, newest first, with the counts of all of it. */
		async list(ctx: UserContext, filter: InboxFilter) {
			const reach = await requireReach(ctx);
			const [rows, counts] = await Promise.all([
				matching(reach, filter)
					.select(ROW)
					.orderBy('job_applications.created_at', 'desc')
					.orderBy('job_applications.id')
					.limit(INBOX_PAGE_SIZE)
					.offset((filter.page - 1) * INBOX_PAGE_SIZE)
					.execute(),
				matching(reach, filter)
					.select((eb) => [
						eb.fn.countAll<number>().as('count'),
						eb.fn
							.coalesce(
								eb.fn.sum<number>(
									eb.case().when('job_applications.status', '=', 'received').then(1).else(0).end()
								),
								eb.lit(0)
							)
							.as('received')
					])
					.executeTakeFirstOrThrow()
			]);
			const count = Number(counts.count);
			return {
				applications: rows.map(toRow),
				counts: { count, received: Number(counts.received) },
				page: filter.page,
				pageCount: Math.max(1, Math.ceil(count / INBOX_PAGE_SIZE))
			};
		},

		/** The units and jobs the caller's filter may choose from (those with applications). */
		async choices(ctx: UserContext) {
			const reach = await requireReach(ctx);
			const jobs = await base(reach)
				.select(['jobs.id', 'jobs.title_no', 'jobs.title_en', 'jobs.unit_id'])
				.select(['units.name_no as unit_name_no', 'units.name_en as unit_name_en'])
				.groupBy([
					'jobs.id',
					'jobs.title_no',
					'jobs.title_en',
					'jobs.unit_id',
					'units.name_no',
					'units.name_en'
				])
				.orderBy('jobs.title_no')
				.execute();
			const units = new Map<string, Bilingual>();
			for (const j of jobs) {
				if (j.unit_id) units.set(j.unit_id, bilingual(j.unit_name_no, j.unit_name_en));
			}
			return {
				jobs: jobs.map((j) => ({ id: j.id, title: bilingual(j.title_no, j.title_en) })),
				units: [...units].map(([id, name]) => ({ id, name }))
			};
		},

		/** Applications with status `received` the caller may read (0 for everyone else). */
		async newCount(ctx: UserContext): Promise<number> {
			if (!ctx.user || ctx.user.isAnonymous) return 0;
			const reach = await reachOf(ctx);
			if (!reach) return 0;
			const row = await base(reach)
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.where('job_applications.status', '=', 'received')
				.executeTakeFirstOrThrow();
			return Number(row.n);
		},

		async detail(ctx: UserContext, id: string): Promise<ApplicationDetail> {
			await reviewable(ctx, id);
			const row = await db
				.selectFrom('job_applications')
				.innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
				.leftJoin('units', 'units.id', 'jobs.unit_id')
				.select(ROW)
				.select([
					'job_applications.phone',
					'job_applications.motivation',
					'job_applications.locale',
					'job_applications.version',
					'job_applications.updated_at'
				])
				.where('job_applications.id', '=', id)
				.executeTakeFirstOrThrow();
			const [files, notes, entries] = await Promise.all([
				db
					.selectFrom('job_application_files')
					.innerJoin('files', 'files.id', 'job_application_files.file_id')
					.select([
						'job_application_files.position',
						'files.id',
						'files.original_name',
						'files.size'
					])
					.where('job_application_files.application_id', '=', id)
					.orderBy('job_application_files.position')
					.execute(),
				db
					.selectFrom('job_application_notes')
					.leftJoin('users', 'users.id', 'job_application_notes.author_id')
					.select([
						'job_application_notes.id',
						'job_application_notes.author_id',
						'job_application_notes.body',
						'job_application_notes.created_at',
						'users.name',
						'users.email'
					])
					.where('job_application_notes.application_id', '=', id)
					.orderBy('job_application_notes.created_at')
					.orderBy('job_application_notes.id')
					.execute(),
				trail(db, SUBJECT, id)
			]);
			return {
				...toRow(row),
				phone: row.phone,
				motivation: row.motivation,
				locale: row.locale,
				version: row.version,
				updatedAt: row.updated_at,
				files: files.map((f) => ({
					position: f.position,
					fileId: f.id,
					name: f.original_name,
					size: f.size
				})),
				notes: notes.map((n) => ({
					id: n.id,
					authorId: n.author_id,
					authorName: n.name || n.email || n.author_id,
					body: n.body,
					createdAt: n.created_at
				})),
				trail: entries,
				next: NEXT[row.status as ApplicationStatus] ?? []
			};
		},

		/**
		 * Moves an application to `status` when the form was made on its current version and the
		 * move is allowed (status.ts); audited in the same transaction.
		 */
		async changeStatus(
			ctx: UserContext,
			id: string,
			posted: unknown,
			now = new Date()
		): Promise<StatusResult> {
			const { user } = await reviewable(ctx, id);
			// Checked after the caller, so that a refused caller learns nothing from a 400.
			const parsed = StatusChange.safeParse(posted);
			if (!parsed.success) return { ok: false, reason: 'invalid' };
			const input = parsed.data;
			try {
				return await versioned<Database, Stored, StatusDone, StatusRefusal>(db, {
					table: 'job_applications',
					key: { column: 'id', value: id },
					version: input.version,
					read: (trx) =>
						trx
							.selectFrom('job_applications')
							.select(['status', 'version'])
							.where('id', '=', id)
							.executeTakeFirst(),
					change: async (_trx, current) => {
						const status = current.status as ApplicationStatus;
						if (!mayMove(status, input.status)) {
							return {
								refused: { ok: false, reason: 'not_allowed', status, version: current.version }
							};
						}
						return {
							set: { status: input.status, updated_at: now.toISOString() },
							done: { ok: true, version: input.version + 1 }
						};
					},
					audit: (trx, current) =>
						record(trx, {
							actor: user.id,
							subjectType: SUBJECT,
							subjectId: id,
							action: 'status',
							details: { before: { status: current.status }, after: { status: input.status } },
							at: now
						})
				});
			} catch (error) {
				if (!(error instanceof Conflict)) throw error;
				const current = error.current as Stored;
				const status = current.status as ApplicationStatus;
				return { ok: false, reason: 'conflict', status, version: current.version };
			}
		},

		/** An internal note on the application, by the caller; audited (without its text). */
		async addNote(
			ctx: UserContext,
			id: string,
			posted: unknown,
			now = new Date()
		): Promise<{ ok: true; id: string } | { ok: false; reason: 'invalid' }> {
			const { user } = await reviewable(ctx, id);
			const parsed = NoteInput.safeParse(posted);
			if (!parsed.success) return { ok: false, reason: 'invalid' };
			const input = parsed.data;
			const noteId = randomUUID();
			await db.transaction().execute(async (trx) => {
				await trx
					.insertInto('job_application_notes')
					.values({
						id: noteId,
						application_id: id,
						author_id: user.id,
						body: input.body,
						created_at: now.toISOString()
					})
					.execute();
				await record(trx, {
					actor: user.id,
					subjectType: SUBJECT,
					subjectId: id,
					action: 'note',
					details: { note: noteId },
					at: now
				});
			});
			return { ok: true as const, id: noteId };
		},

		/** The file of an application, when the caller may review it and the file is one of its. */
		async fileOf(ctx: UserContext, id: string, fileId: string): Promise<string> {
			await reviewable(ctx, id);
			const link = await db
				.selectFrom('job_application_files')
				.select('file_id')
				.where('application_id', '=', id)
				.where('file_id', '=', fileId)
				.executeTakeFirst();
			if (!link) throw new NotFound('Not found');
			return link.file_id;
		}
	};
}

export type Inbox = ReturnType<typeof inbox>;

export { APPLICATION_STATUSES };
