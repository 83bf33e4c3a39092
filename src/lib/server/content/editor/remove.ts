// Removing a record: refused while something points at it and for the pages at fixed addresses;
// under the version its form was made on, with its redirects, its audit entry and then its image.
import type { Kysely } from 'kysely';
import type { ContentKind } from '$lib/admin/nav';
import { recordChange } from '../../audit';
import type { UserContext } from '../../context';
import type { Database } from '../../db';
import { versioned } from '../../db/versioned';
import { eventChanged, type EventRow } from '../../notifications/senders';
import type { EditorDeps } from './save';
import { unitOf, type EditorScope } from './scope';
import {
	KEY_COLUMN,
	POLICY,
	REFERENCES,
	SUBJECT,
	TABLE,
	findRow,
	storedRow,
	type ContentRow,
	type LooseDb,
	snapshot
} from './tables';

type Referenced = { ok: false; reason: 'referenced' };
export type RemoveResult = { ok: true } | { ok: false; reason: 'referenced' | 'fixed_page' };

export async function removeRecord(
	deps: EditorDeps,
	scope: EditorScope,
	ctx: UserContext,
	kind: ContentKind,
	key: string,
	version: number,
	now: Date
): Promise<RemoveResult> {
	const db = deps.db as unknown as LooseDb;
	const current = await storedRow(db, kind, key);
	const user = await scope.requireEdit(ctx, kind === 'units' ? null : unitOf(kind, current), now);
	if (kind === 'pages' && !key.startsWith(POLICY)) return { ok: false, reason: 'fixed_page' };
	const removed = await versioned<Record<string, ContentRow>, ContentRow, { ok: true }, Referenced>(
		db,
		{
			table: TABLE[kind],
			key: { column: KEY_COLUMN[kind], value: key },
			version,
			read: (trx) => findRow(trx, kind, key),
			change: async (trx, before) => {
				for (const ref of REFERENCES[kind] ?? []) {
					const used = await trx
						.selectFrom(ref.table)
						.select(ref.column)
						.where(ref.column, '=', key)
						.executeTakeFirst();
					if (used) return { refused: { ok: false, reason: 'referenced' } };
				}
				// Removing an event cancels it for those registered (its registrations go with it).
				if (kind === 'events') {
					const facts = before as unknown as EventRow;
					await eventChanged(trx as unknown as Kysely<Database>, facts, null, version, now);
				}
				await trx
					.deleteFrom('slug_redirects')
					.where('kind', '=', kind)
					.where('target', '=', key)
					.execute();
				return { remove: true, done: { ok: true } };
			},
			audit: (trx, before) =>
				recordChange(trx as unknown as Kysely<Database>, {
					actor: user.id,
					subjectType: SUBJECT[kind],
					subjectId: key,
					action: 'delete',
					before: snapshot(kind, before),
					after: null,
					at: now
				})
		}
	);
	if (removed.ok && typeof current.image_file_id === 'string') {
		await deps.files.delete(current.image_file_id);
	}
	return removed;
}
