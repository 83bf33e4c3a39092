// A report's conversation: the messages the reporter and the safety team write after the report,
// each sealed on its own. The team sees who of them wrote; the reporter never does.
import { randomUUID } from 'node:crypto';
import { actorNames } from '../audit/trail-entry';
import type { Keyring } from '../crypto/keyring';
import type { Db } from '../db';
import { messageAad, type Open } from './sealed';
import type { Author, ConversationMessage } from './types';

export async function conversation(
	db: Db,
	open: Open,
	reportId: string,
	forStaff: boolean
): Promise<ConversationMessage[]> {
	const rows = await db
		.selectFrom('safety_messages')
		.selectAll()
		.where('report_id', '=', reportId)
		.orderBy('created_at')
		.orderBy('id')
		.execute();
	const names = forStaff
		? await actorNames(
				db,
				rows.flatMap((r) => (r.staff_id ? [r.staff_id] : []))
			)
		: new Map<string, string>();
	return rows.map((r): ConversationMessage => ({
		id: r.id,
		author: r.author as Author,
		...(forStaff ? { staffName: r.staff_id ? (names.get(r.staff_id) ?? null) : null } : {}),
		body: open(r.body, messageAad(r.id)),
		at: r.created_at
	}));
}

export async function insertMessage(
	trx: Db,
	keyring: Keyring,
	input: { reportId: string; author: Author; staffId: string | null; body: string; at: Date }
) {
	const id = randomUUID();
	await trx
		.insertInto('safety_messages')
		.values({
			id,
			report_id: input.reportId,
			author: input.author,
			staff_id: input.staffId,
			body: keyring.encrypt(input.body, messageAad(id)),
			created_at: input.at.toISOString()
		})
		.execute();
}
