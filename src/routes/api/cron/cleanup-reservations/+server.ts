import { services } from '$lib/server/app';
import { adminContext } from '$lib/server/context';
import { cronRoute } from '$lib/server/web/cron';

// GET per the spec's description, POST per its route listing: both do the same.
const cleanup = cronRoute('reservation cleanup', async () => ({
	deleted: await services().shop.cleanupExpiredReservations(adminContext('cron'))
}));

export const GET = cleanup;
export const POST = cleanup;
