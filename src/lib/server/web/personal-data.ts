// A person's data export as the download the browser saves: JSON, an attachment named after the
// account and the day, never cached or sniffed.
import type { PersonalData } from '../identity/privacy';

export function personalDataFile(data: PersonalData): Response {
	const day = data.exportedAt.slice(0, 10);
	return new Response(JSON.stringify(data, null, 2), {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': `attachment; filename="orgweb-data-${data.account.id}-${day}.json"`,
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff'
		}
	});
}
