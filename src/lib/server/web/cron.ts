// The cron routes' one shape: the shared secret (CRON_SECRET, compared in constant time) or 401,
// the run, and `{ success: true, …what it did }`; a failure is logged with the request id and
// answers the spec's 500 body without the cause.
import { json, type RequestHandler } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { isCronSecretValid } from '$lib/server/jobs/cron-secret';
import { errorFields, log } from '$lib/server/log';

export function cronRoute(
	job: string,
	run: () => Promise<Record<string, unknown>>
): RequestHandler {
	return async ({ url, locals }) => {
		const { config } = services();
		if (!isCronSecretValid(url.searchParams.get('secret') ?? undefined, config.CRON_SECRET)) {
			return json({ error: 'Unauthorized' }, { status: 401 });
		}
		try {
			const done = await run();
			return json({ success: true, ...done }, { headers: { 'cache-control': 'no-store' } });
		} catch (error) {
			log.error(`${job} failed`, { id: locals.requestId, ...errorFields(error) });
			return json({ success: false, error: 'Internal error' }, { status: 500 });
		}
	};
}
