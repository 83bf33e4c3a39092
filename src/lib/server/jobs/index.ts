// The in-process schedule (CRON_ENABLED): cleanup (expired reservations, then stale sessions, tokens
// and invitations) every 10 minutes, payment reconciliation every 5, both once at start, and every
// minute what came due in event registration (a draw whose window closed, a merge time passed, a
// paid seat unpaid at its deadline), and every minute the notifications' run (reminders and
// registration openings written once each, then the outbox's queued notices sent at
// MAIL_RATE_PER_MINUTE). Each run
// is guarded so that a slow run is never overlapped by the next tick of the same job and, when
// several instances share the database, takes the job's lease (lease.ts) so that one of them runs
// it per period.
// Were two runs to meet anyway (a run longer than its period), both jobs are safe: DELETEs of
// expired rows, and guarded status transitions.
import cron from 'node-cron';
import type { ApplicationsService } from '../applications';
import type { AssistantFeedback } from '../assistant/feedback';
import { adminContext } from '../context';
import type { Config } from '../config';
import type { Db } from '../db';
import { abandonedDocumentUploads } from '../documents';
import { ABANDONED_UPLOAD_HOURS, abandonedReceipts, expenseRetention } from '../expenses/retention';
import type { FilesService } from '../files';
import { errorFields, log } from '../log';
import type { IdentityService } from '../identity';
import type { NotificationsService } from '../notifications';
import type { PaymentsService } from '../payments';
import type { AttendanceService } from '../attendance';
import type { RegistrationService } from '../registration';
import type { ShopService } from '../shop';
import { takeLease } from './lease';

export function guarded(
	name: string,
	run: () => Promise<unknown>,
	mayRun: () => Promise<boolean> = async () => true
): () => Promise<void> {
	let running = false;
	return async () => {
		if (running) return;
		running = true;
		const started = performance.now();
		try {
			if (!(await mayRun())) {
				log.info('job skipped: another instance holds its lease', { job: name });
				return;
			}
			const result = await run();
			log.info('job done', { job: name, result, ms: Math.round(performance.now() - started) });
		} catch (error) {
			log.error('job failed', { job: name, ...errorFields(error) });
		} finally {
			running = false;
		}
	};
}

/**
 * One cleanup run; the counts of deleted rows go to the log. Besides the shop's and identity's
 * leftovers: expense claims past their bookkeeping period with their receipt files, payout
 * accounts past theirs (expenses/retention.ts), receipt uploads no claim took within a day, the
 * assistant's kept questions past ASSISTANT_QUESTIONS_DAYS, job applications past
 * APPLICATION_RETENTION_DAYS after their job's deadline (with their files), the answers to an
 * event's question past the event's kept days, and temporary files a crash left.
 */
export async function runCleanup(
	services: {
		db: Db;
		config: Pick<Config, 'EXPENSE_ACCOUNT_RETENTION_MONTHS'>;
		shop: ShopService;
		identity: IdentityService;
		files: Pick<FilesService, 'delete' | 'sweepTemporary'>;
		assistantFeedback: Pick<AssistantFeedback, 'deleteExpired'>;
		applications: Pick<ApplicationsService, 'deleteExpired'>;
		registration: Pick<RegistrationService, 'eraseOldAnswers'>;
	},
	now = new Date()
) {
	const cron = adminContext('cron');
	const reservations = await services.shop.cleanupExpiredReservations(cron, now);
	const identity = await services.identity.deleteStaleRecords(cron, now);
	const expenses = await expenseRetention(services.db, now, {
		accountRetentionMonths: services.config.EXPENSE_ACCOUNT_RETENTION_MONTHS
	});
	for (const id of expenses.fileIds) await services.files.delete(id);
	const abandoned = [
		...(await abandonedReceipts(services.db, now)),
		...(await abandonedDocumentUploads(services.db, now, ABANDONED_UPLOAD_HOURS))
	];
	for (const id of abandoned) await services.files.delete(id);
	const applications = await services.applications.deleteExpired(now);
	await services.files.sweepTemporary();
	const assistantQuestionsDeleted = await services.assistantFeedback.deleteExpired(now);
	const registrationAnswersErased = await services.registration.eraseOldAnswers(now);
	return {
		reservations,
		...identity,
		expenseAccountsErased: expenses.accountsErased,
		expenseClaimsDeleted: expenses.claimsDeleted,
		receiptFilesDeleted: expenses.fileIds.length,
		abandonedUploadsDeleted: abandoned.length,
		assistantQuestionsDeleted,
		registrationAnswersErased,
		...applications
	};
}

const MINUTE = 60_000;
// Shorter than the period by enough to cover clocks a little apart and a late tick.
const leaseFor = (periodMinutes: number) => periodMinutes * MINUTE - 30_000;

/**
 * `shared`: other instances use the same database (PostgreSQL), so each run first takes the job's
 * lease. An SQLite file has one process, which runs every tick and, above all, runs both jobs at
 * every start: a lease left by a process that crashed a minute ago must not hold back the run
 * that settles what the crash left in flight.
 */
export function startSchedule(
	services: Parameters<typeof runCleanup>[0] & {
		payments: PaymentsService;
		registration: Pick<RegistrationService, 'runDue' | 'eraseOldAnswers'>;
		attendance: Pick<AttendanceService, 'settleDue'>;
		notifications: Pick<NotificationsService, 'runDue'>;
	},
	options: { shared: boolean }
): () => void {
	const lease = (job: string, periodMinutes: number) =>
		options.shared ? () => takeLease(services.db, job, leaseFor(periodMinutes)) : undefined;
	const cleanup = guarded('cleanup', () => runCleanup(services), lease('cleanup', 10));
	const reconcile = guarded(
		'reconcile-payments',
		() => services.payments.reconcile(adminContext('cron')),
		lease('reconcile-payments', 5)
	);
	// The next request to an event settles the same, idempotently: this is for events nobody visits.
	const registration = guarded(
		'registration-due',
		// The no-shows of events that ended are settled by the same minute (attendance/attendance.ts).
		async () => (await services.registration.runDue()) + (await services.attendance.settleDue()),
		lease('registration-due', 1)
	);
	const notices = guarded(
		'notifications',
		() => services.notifications.runDue(),
		lease('notifications', 1)
	);
	const tasks = [
		cron.schedule('*/10 * * * *', cleanup, { name: 'cleanup' }),
		cron.schedule('*/5 * * * *', reconcile, { name: 'reconcile-payments' }),
		cron.schedule('* * * * *', registration, { name: 'registration-due' }),
		cron.schedule('* * * * *', notices, { name: 'notifications' })
	];
	log.info('schedule started', {
		jobs: [
			'cleanup every 10 minutes',
			'reconcile-payments every 5 minutes',
			'registration-due every minute',
			'notifications every minute'
		]
	});
	// Once at start as well: after a crash or a stop, the orders left in flight and the holds that
	// ran out meanwhile are settled now rather than at the next tick, up to ten minutes later.
	void reconcile().then(cleanup);
	return () => {
		for (const task of tasks) void task.stop();
	};
}
