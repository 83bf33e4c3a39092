// The in-process schedule (CRON_ENABLED): cleanup (expired reservations, then stale sessions, tokens
// and invitations) every 10 minutes, payment reconciliation every 5, both once at start. Each run
// is guarded so that a slow run is never overlapped by the next tick of the same job; across
// instances both jobs are safe to run at once anyway (DELETEs of expired rows, and guarded status
// transitions).
import cron from 'node-cron';
import { adminContext } from '../context';
import { errorFields, log } from '../log';
import type { IdentityService } from '../identity';
import type { PaymentsService } from '../payments';
import type { ShopService } from '../shop';

export function guarded(name: string, run: () => Promise<unknown>): () => Promise<void> {
	let running = false;
	return async () => {
		if (running) return;
		running = true;
		const started = performance.now();
		try {
			const result = await run();
			log.info('job done', { job: name, result, ms: Math.round(performance.now() - started) });
		} catch (error) {
			log.error('job failed', { job: name, ...errorFields(error) });
		} finally {
			running = false;
		}
	};
}

/** One cleanup run; the counts of deleted rows go to the log. */
export async function runCleanup(
	services: { shop: ShopService; identity: IdentityService },
	now = new Date()
) {
	const cron = adminContext('cron');
	const reservations = await services.shop.cleanupExpiredReservations(cron, now);
	return { reservations, ...(await services.identity.deleteStaleRecords(cron, now)) };
}

export function startSchedule(services: {
	shop: ShopService;
	identity: IdentityService;
	payments: PaymentsService;
}): () => void {
	const cleanup = guarded('cleanup', () => runCleanup(services));
	const reconcile = guarded('reconcile-payments', () =>
		services.payments.reconcile(adminContext('cron'))
	);
	const tasks = [
		cron.schedule('*/10 * * * *', cleanup, { name: 'cleanup' }),
		cron.schedule('*/5 * * * *', reconcile, { name: 'reconcile-payments' })
	];
	log.info('schedule started', {
		jobs: ['cleanup every 10 minutes', 'reconcile-payments every 5 minutes']
	});
	// Once at start as well: after a crash or a stop, the orders left in flight and the holds that
	// ran out meanwhile are settled now rather than at the next tick, up to ten minutes later.
	void reconcile().then(cleanup);
	return () => {
		for (const task of tasks) void task.stop();
	};
}
