// The in-process schedule (CRON_ENABLED): reservation cleanup every 10 minutes, payment
// reconciliation every 5. Each run is guarded so that a slow run is never overlapped by the next
// tick of the same job; across instances both jobs are safe to run at once anyway (a DELETE of
// expired rows, and guarded status transitions).
import cron from 'node-cron';
import { adminContext } from '../context';
import { errorFields, log } from '../log';
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

export function startSchedule(services: {
	shop: ShopService;
	payments: PaymentsService;
}): () => void {
	const cleanup = guarded('cleanup-reservations', () =>
		services.shop.cleanupExpiredReservations(adminContext('cron'))
	);
	const reconcile = guarded('reconcile-payments', () =>
		services.payments.reconcile(adminContext('cron'))
	);
	const tasks = [
		cron.schedule('*/10 * * * *', cleanup, { name: 'cleanup-reservations' }),
		cron.schedule('*/5 * * * *', reconcile, { name: 'reconcile-payments' })
	];
	log.info('schedule started', {
		jobs: ['cleanup-reservations every 10 minutes', 'reconcile-payments every 5 minutes']
	});
	return () => {
		for (const task of tasks) void task.stop();
	};
}
