import { csvResponse } from '$lib/server/csv';
import { feedbackFile } from '$lib/server/web/feedback';
import type { RequestHandler } from './$types';

// The feedback's answers as a spreadsheet file (rating, comment; no names), for the organisers.
export const GET: RequestHandler = async (event) =>
	csvResponse(
		await feedbackFile(event),
		`feedback-${event.params.id.replace(/[^A-Za-z0-9-]/g, '')}.csv`
	);
