import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { adminContext } from '$lib/server/context';
import { isCronSecretValid } from '$lib/server/jobs/cron-secret';
import { errorFields, log } from '$lib/server/log';
import type { RequestHandler } from './$types';

// GET per the spec's description, POST per its route listing: both do the same.
const cleanup: RequestHandler = async ({ url, locals }) => {
	const { config, shop } = services();
	if (!isCronSecretValid(url.searchParams.get('secret') ?? undefined, config.CRON_SECRET)) {
		return json({ error: 'Unauthorized' }, { status: 401 });
	}
	try {
		const deleted = await shop.cleanupExpiredReservations(adminContext('cron'));
		return json({ success: true, deleted }, { headers: { 'cache-control': 'no-store' } });
	} catch (error) {
		log.error('reservation cleanup failed', { id: locals.requestId, ...errorFields(error) });
		return json({ success: false, error: 'Internal error' }, { status: 500 });
	}
};

export const GET = cleanup;
export const POST = cleanup;
