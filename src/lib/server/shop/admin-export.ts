// A download of a list with people's names and addresses leaves the site: the audit log keeps who
// took which list, with which filter, and how many rows.
import { record } from '../audit';
import type { Db } from '../db';

export function recordExport(
	db: Db,
	actor: string,
	list: 'orders' | 'memberships',
	filter: Record<string, unknown>,
	rows: number
): Promise<string> {
	return record(db, {
		actor,
		subjectType: 'export',
		subjectId: list,
		action: 'exported',
		details: { filter: { ...filter, page: undefined }, rows }
	});
}
