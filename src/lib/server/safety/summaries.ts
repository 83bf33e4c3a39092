// The safety team's view of reports without their text: the list's rows, and the head of one
// report's page.
import type { SafetyStatus } from '$lib/safety/statuses';
import type { SafetyFilter } from '$lib/schemas/safety';
import type { Db } from '../db';
import type { Author, ReportSummary } from './types';

export function summaries(db: Db, filter: Partial<SafetyFilter> = {}) {
	let query = db
		.selectFrom('safety_reports')
		.leftJoin('units', 'units.id', 'safety_reports.unit_id')
		.select([
			'safety_reports.id',
			'safety_reports.created_at',
			'safety_reports.updated_at',
			'safety_reports.status',
			'safety_reports.unit_id',
			'safety_reports.locale',
			'safety_reports.reporter_name',
			'safety_reports.reporter_email',
			'safety_reports.last_message_by',
			'units.name_no',
			'units.name_en'
		])
		.select((eb) =>
			eb
				.exists(
					eb
						.selectFrom('safety_messages')
						.select('safety_messages.id')
						.whereRef('safety_messages.report_id', '=', 'safety_reports.id')
						.where('safety_messages.author', '=', 'reporter')
				)
				.as('reporter_wrote')
		);
	if (filter.status) query = query.where('safety_reports.status', '=', filter.status);
	if (filter.unit) query = query.where('safety_reports.unit_id', '=', filter.unit);
	return query;
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

export const summaryOf = (r: SummaryRow): ReportSummary => ({
	id: r.id,
	createdAt: r.created_at,
	updatedAt: r.updated_at,
	status: r.status as SafetyStatus,
	unitId: r.unit_id,
	unitName: r.unit_id && r.name_no ? { no: r.name_no, en: r.name_en ?? r.name_no } : null,
	locale: r.locale,
	named: r.reporter_name !== null || r.reporter_email !== null,
	lastMessageBy: r.last_message_by as Author,
	// SQLite answers exists() with 0 or 1, PostgreSQL with a boolean.
	reporterReplied: r.last_message_by === 'reporter' && !!r.reporter_wrote
});
