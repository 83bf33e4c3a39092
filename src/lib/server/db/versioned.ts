// The one way a record changes under the version its form was made on (migration 015): read and
// locked in a transaction, refused as a Conflict carrying the row as stored now when the version
// moved on, written with the version one higher (or removed) and its audit entry, together. A
// refusal or a failure rolls the whole change back, so nothing of it is ever half-written.
import type { Kysely } from 'kysely';
import { Conflict, NotFound } from '../errors';
import { lockRows } from './dialect';

/** What the change does to the row as it is stored now. */
export type VersionedStep<Done, Refused> =
	/** These columns are set, the version moved on by one; `done` is the answer. */
	| { set: Record<string, unknown>; done: Done }
	/** The row is deleted. */
	| { remove: true; done: Done }
	/** A rule of the domain says no: the answer, and none of the change's writes stay. */
	| { refused: Refused };

export interface VersionedChange<D, Row, Done, Refused> {
	/** The table, and the column and value that name the row. */
	table: keyof D & string;
	key: { column: string; value: string };
	/** The version the change was made on (the form's hidden field). */
	version: number;
	/** The row as stored, inside the transaction; undefined when there is none. */
	read(trx: Kysely<D>): Promise<Row | undefined>;
	/** The change itself; it may write other tables in `trx` before it answers. */
	change(trx: Kysely<D>, before: Row): Promise<VersionedStep<Done, Refused>>;
	/** The change's audit entry, in the same transaction, after the row is written. */
	audit(trx: Kysely<D>, before: Row, done: Done): Promise<unknown>;
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** Carries a refusal out of the transaction, which it rolls back. */
class Refusal<Refused> extends Error {
	constructor(readonly answer: Refused) {
		super('refused');
	}
}

/**
 * Runs `spec.change` on the row when it is still at `spec.version`. NotFound when the row is not
 * there; a Conflict ('stale', with `current`: the row as stored now) when another change came
 * first, whether before this one read the row or between its read and its write.
 */
export async function versioned<D, Row extends { version?: unknown }, Done, Refused = never>(
	db: Kysely<D>,
	spec: VersionedChange<D, Row, Done, Refused>
): Promise<Done | Refused> {
	const { key, version } = spec;
	const table: string = spec.table;
	const stale = (current: Row | undefined) => new Conflict('Changed meanwhile', 'stale', current);
	try {
		return await db.transaction().execute(async (trx) => {
			const loose = trx as unknown as Loose;
			await lockRows(
				trx,
				loose.selectFrom(table).select(key.column).where(key.column, '=', key.value)
			);
			const before = await spec.read(trx);
			if (!before) throw new NotFound('Not found');
			if (Number(before.version) !== version) throw stale(before);
			const step = await spec.change(trx, before);
			if ('refused' in step) throw new Refusal(step.refused);
			const written =
				'remove' in step
					? Number(
							(
								await loose
									.deleteFrom(table)
									.where(key.column, '=', key.value)
									.where('version', '=', version)
									.executeTakeFirst()
							).numDeletedRows
						)
					: Number(
							(
								await loose
									.updateTable(table)
									.set({ ...step.set, version: version + 1 })
									.where(key.column, '=', key.value)
									.where('version', '=', version)
									.executeTakeFirst()
							).numUpdatedRows
						);
			// Another change committed between the read and this write: ours is undone.
			if (written !== 1) throw stale(await spec.read(trx));
			await spec.audit(trx, before, step.done);
			return step.done;
		});
	} catch (error) {
		if (error instanceof Refusal) return error.answer as Refused;
		throw error;
	}
}
