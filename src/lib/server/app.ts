// The composition root: builds the services from the configuration once, at server start.
// Routes get them through services(); tests build their own from a temporary database.
import { config as readConfig, type Config } from './config';
import { applicationsService } from './applications';
import { assistantService } from './assistant';
import { dashboardService } from './admin/dashboard';
import { assistantFeedback } from './assistant/feedback';
import { leakGuard } from './assistant/leak';
import { SYSTEM_PROMPTS } from './assistant/prompt';
import { createModelClient } from './assistant/model';
import { assistantRetriever } from './assistant/retriever';
import { contactService } from './contact';
import { documentsService } from './documents';
import { ocrService } from './receipts';
import { receiptSuggestions } from './receipts/suggest';
import { DEFAULT_EXTRACT_LIMITS } from './documents/types';
import { contactInbox } from './contact/inbox';
import { sqlContactStore } from './contact/sql';
import { inboxService } from './inbox';
import { contentService } from './content';
import { keptContent, keptReads } from './content/kept';
import { contentEditor } from './content/editor';
import { leadershipService } from './content/leadership';
import { sqlContentStore } from './content/sql';
import { migrate, openConfigured, pendingOnExisting, type Db, type DbChanges } from './db';
import { backupDatabase } from './db/backup';
import { calendarFeeds } from './calendar';
import { sharedSecret } from './db/shared-secret';
import { seedDemo } from './db/seed';
import { filesService, localDiskStorage } from './files';
import { configuredKeyring } from './crypto/keyring';
import { expensesFromConfig } from './expenses/from-config';
import { identityService } from './identity';
import { invitationsService } from './identity/invitations';
import { oidcService } from './identity/oidc';
import { peopleService } from './identity/people';
import { privacyService } from './identity/privacy';
import { rolesService, type IsMember } from './identity/roles';
import { feedbackService } from './feedback';
import { noticeLinks, notificationsService } from './notifications';
import { eventOfSeatOrder, registrationService } from './registration';
import { attendanceService, recordArrival } from './attendance';
import { ticketAddress, ticketsService } from './tickets';
import { sqlIdentityStore } from './identity/sql';
import { pageCache } from './web/page-cache';
import { memoryRateLimitStore, rateLimiter, type RateLimitStore } from './rate-limit';
import { startSchedule } from './jobs';
import { errorFields, log, setLogLevel } from './log';
import { mailer, type Mailer } from './mail';
import { smtpTransport } from './mail/smtp';
import { paymentsService, providerFromConfig } from './payments';
import { safetyService } from './safety';
import { shopService } from './shop';
import { checkoutService } from './shop/checkout';
import { activeMembership, isMember as isPaidMember, membershipService } from './shop/membership';
import { membershipsAdminService } from './shop/memberships-admin';
import { ordersService } from './shop/orders';
import { ordersAdminService } from './shop/orders-admin';
import { sqlOrderStore } from './shop/orders-sql';
import { plansAdminService } from './shop/plans-admin';
import { productsAdminService } from './shop/products-admin';
import { sqlShopStore } from './shop/sql';

export function buildServices(
	db: Db,
	config: Config,
	changes?: DbChanges,
	rateLimitStore: RateLimitStore = memoryRateLimitStore()
) {
	const contentStore = sqlContentStore(db);
	const retriever = assistantRetriever({
		db,
		changes,
		// Processed documents answer too; read whenever an index is built.
		extraDocs: (locale) => documents.passages(locale),
		maxAgeMs: config.ASSISTANT_INDEX_MAX_AGE_SECONDS * 1000
	});
	// Another process's write (SQLite: a script on the same file) is reported once, to whoever
	// asks first; the page cache (on every lookup), the leadership (on every lookup) and the
	// assistant (on every question) all ask, so whichever hears of it tells the others.
	const noticeElsewhere = () => {
		if (!changes?.changedElsewhere()) return false;
		pages.clear();
		leadership.clear();
		publicReads.clear();
		retriever.invalidate();
		return true;
	};
	// Any write may change what a page shows; without a change feed, keeping pages is not safe.
	const pages = pageCache({
		ttlMs: changes ? config.PAGE_CACHE_SECONDS * 1000 : 0,
		maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
		changedElsewhere: changes && noticeElsewhere
	});
	const leadership = leadershipService(contentStore, {
		ttlSeconds: config.LEADERSHIP_CACHE_SECONDS,
		changedElsewhere: changes && noticeElsewhere
	});
	// The data of public pages, for the pages the cache cannot keep (a signed-in member's): the
	// same signal and the same time to live.
	const publicReads = keptReads({
		ttlMs: changes ? config.PAGE_CACHE_SECONDS * 1000 : 0,
		changedElsewhere: changes && noticeElsewhere
	});
	changes?.onWrite(() => {
		pages.clear();
		leadership.clear();
		publicReads.clear();
	});
	const files = filesService(db, localDiskStorage(config.FILES_DIR), {
		maxBytes: config.FILES_MAX_BYTES
	});
	// One key for everything encrypted at rest: payout accounts, safety reports and the sealed
	// recipient of a reporter's notice in the outbox.
	const keyring = configuredKeyring(config);
	const mail = mailer(db, config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null, {
		from: config.MAIL_FROM,
		keyring,
		noticeLinks: noticeLinks(keyring, config.PUBLIC_ORIGIN)
	});
	const identity = identityServices(db, config, mail);
	const model = config.ai ? createModelClient(config.ai) : null;
	const feedback = assistantFeedback({
		db,
		roles: identity.roles,
		retentionDays: config.ASSISTANT_QUESTIONS_DAYS
	});
	const expenses = expensesFromConfig(db, config, {
		roles: identity.roles,
		mail,
		files,
		keyring
	});
	const documents = documentsService({
		db,
		files,
		roles: identity.roles,
		limits: {
			...DEFAULT_EXTRACT_LIMITS,
			maxPages: config.DOCUMENTS_MAX_PAGES,
			maxCharacters: config.DOCUMENTS_MAX_CHARACTERS
		}
	});
	const ocr = ocrService({ timeoutMs: config.OCR_TIMEOUT_MS });
	const paying = paymentServices(db, config, mail);
	const ordersAdmin = ordersAdminService({ db, roles: identity.roles, payments: paying.payments });
	const contactMessages = contactInbox({
		db,
		roles: identity.roles,
		mail,
		adminEmails: config.ADMIN_EMAILS,
		replyTo: config.CONTACT_TO
	});
	const applications = applicationsService({
		db,
		files,
		mail,
		roles: identity.roles,
		contactTo: config.CONTACT_TO,
		retentionDays: config.APPLICATION_RETENTION_DAYS
	});
	const safety = safetyService({
		db,
		roles: identity.roles,
		keyring,
		mail,
		safetyEmails: config.SAFETY_EMAILS
	});
	const inbox = inboxService({
		roles: identity.roles,
		sources: [
			{
				kind: 'applications',
				visible: (scope) => scope.admin || scope.leaderOf.length > 0,
				newCount: (ctx) => applications.newCount(ctx)
			},
			{ kind: 'contact', visible: (scope) => scope.admin, newCount: contactMessages.newCount },
			{ kind: 'safety', visible: (scope) => scope.safety, newCount: (ctx) => safety.newCount(ctx) }
		]
	});
	const origin = config.PUBLIC_ORIGIN;
	const registration = registrationService({
		db,
		roles: identity.roles,
		mail,
		ticketUrl: origin ? (eventId, locale) => ticketAddress(origin, eventId, locale) : undefined,
		canTakePayments: paying.canCheckout,
		payments: paying.payments
	});
	return {
		config,
		db,
		pageCache: pages,
		...paying,
		productsAdmin: productsAdminService({ db, roles: identity.roles, files }),
		plansAdmin: plansAdminService({ db, roles: identity.roles }),
		ordersAdmin,
		membershipsAdmin: membershipsAdminService({ db, roles: identity.roles }),
		...identity,
		content: keptContent(contentService(contentStore), publicReads),
		contentEditor: contentEditor({ db, roles: identity.roles, files }),
		leadership,
		rateLimit: rateLimiter(rateLimitStore, {
			anonymous: config.RATE_LIMIT_ANONYMOUS,
			public: config.RATE_LIMIT_PUBLIC,
			auth: config.RATE_LIMIT_AUTH,
			contact: config.RATE_LIMIT_CONTACT,
			assistant: config.RATE_LIMIT_ASSISTANT,
			safety: config.RATE_LIMIT_SAFETY,
			safety_follow_up: config.RATE_LIMIT_SAFETY,
			application: config.RATE_LIMIT_APPLICATION,
			registration: config.RATE_LIMIT_REGISTRATION
		}),
		shop: shopService(sqlShopStore(db)),
		mail,
		membership: membershipService(db),
		registration,
		attendance: attendanceService({ db, roles: identity.roles }),
		calendarFeeds: calendarFeeds({ db, registration }),
		// The door's check-in is the arrival attendance counts (present, or late by the ladder).
		tickets: ticketsService({
			db,
			keyring,
			roles: identity.roles,
			onArrival: async (trx, checkIn) => {
				await recordArrival(trx, {
					registrationId: checkIn.registrationId,
					at: new Date(checkIn.at)
				});
			}
		}),
		notifications: notificationsService({
			db,
			keyring,
			mail,
			ratePerMinute: config.MAIL_RATE_PER_MINUTE
		}),
		feedback: feedbackService({ db, roles: identity.roles }),
		contact: contactService(sqlContactStore(db), mail, config.CONTACT_TO),
		contactInbox: contactMessages,
		inbox,
		applications,
		files,
		documents,
		receipts: receiptSuggestions({ files, ocr, model }),
		assistant: assistantService({
			retriever,
			model,
			beforeQuestion: noticeElsewhere,
			feedback,
			guard: leakGuard({
				prompts: SYSTEM_PROMPTS,
				keys: config.AI_API_KEY ? [config.AI_API_KEY] : []
			})
		}),
		assistantFeedback: feedback,
		expenses,
		safety,
		privacy: privacyService({ db, roles: identity.roles, expenses, files, mail }),
		dashboard: dashboardService({
			db,
			claimsWaiting: (ctx) => expenses.approverQueue(ctx),
			assistantMisses: (ctx, now) => feedback.summary(ctx, now),
			shopAttention: (ctx, now) => ordersAdmin.attention(ctx, now),
			inboxCounts: inbox.counts
		}),
		/** Ends what the services hold besides the database: the OCR worker and its folder. */
		close: () => ocr.close()
	};
}

export type Services = ReturnType<typeof buildServices>;

let current: Services | undefined;
let stopSchedule: (() => void) | undefined;

export async function startApp(): Promise<Services> {
	let config = readConfig();
	setLogLevel(config.LOG_LEVEL);
	const opened = await openConfigured(config);
	const { db, changes } = opened;
	// Several instances starting at once on one PostgreSQL: one migrates and seeds, the others
	// wait and then find nothing left to do.
	const { applied, seeded } = await opened.exclusively(async () => {
		if (opened.engine === 'sqlite') await backupBeforeMigrating(db, config);
		const applied = await migrate(db);
		if (!config.SEED_DEMO) return { applied, seeded: false };
		const { canCheckout: canTakePayments } = providerFromConfig(config, db);
		return { applied, seeded: await seedDemo(db, new Date(), { canTakePayments }) };
	});
	if (!config.paymentCallbackTokenSet) {
		// The simulator's callback may reach another instance than the one that sent the buyer to
		// it: all instances of a database use the token the first one stored.
		config = {
			...config,
			PAYMENT_CALLBACK_TOKEN: await sharedSecret(
				db,
				'payment_callback_token',
				config.PAYMENT_CALLBACK_TOKEN
			)
		};
	}
	log.info('database ready', {
		engine: opened.engine,
		...(opened.engine === 'sqlite' ? { file: config.DATABASE_FILE } : {}),
		migrations: applied,
		seeded
	});
	current = buildServices(db, config, changes, opened.rateLimitStore);
	if (current.simulator && config.NODE_ENV === 'production') {
		log.warn('payment simulator enabled: payments on this site are not real', {
			provider: config.PAYMENT_PROVIDER
		});
	}
	if (config.CRON_ENABLED) {
		stopSchedule = startSchedule(current, { shared: opened.engine === 'postgres' });
	}
	// Sent once the HTTP server has closed, by scripts/serve.js as by adapter-node's own server.
	process.once('sveltekit:shutdown', () => void stopApp());
	return current;
}

/**
 * Closes what the app holds, at shutdown: the schedule, the OCR worker (and its temporary folder),
 * then the database. A failure is logged, and the rest is still closed.
 */
export async function stopApp(): Promise<void> {
	const app = current;
	if (!app) return;
	current = undefined;
	stopSchedule?.();
	stopSchedule = undefined;
	for (const [what, close] of [
		['ocr', () => app.close()],
		['database', () => app.db.destroy()]
	] as const) {
		await close().catch((error: unknown) =>
			log.error('shutdown: closing failed', { what, ...errorFields(error) })
		);
	}
	log.info('stopped');
}

// An upgrade migrates at start; the copy taken first is what rolling it back restores. A backup
// that fails stops the start: migrating without a way back is the one thing not to do.
async function backupBeforeMigrating(db: Db, config: Config) {
	if (config.DATABASE_FILE === ':memory:') return;
	const pending = await pendingOnExisting(db);
	if (pending.length === 0) return;
	const { dir } = await backupDatabase(config.DATABASE_FILE, { backupRoot: config.BACKUP_DIR });
	log.info('backup before migrations', { dir, pending });
}

export function services(): Services {
	if (!current) throw new Error('services() called before startApp()');
	return current;
}

// Orders, checkout and payments share one orders service and one provider: checkout starts
// payments, the payment flows move orders through the orders service.
function paymentServices(db: Db, config: Config, mail: Mailer) {
	const origin = config.PUBLIC_ORIGIN;
	const orders = ordersService(sqlOrderStore(db));
	const { provider, simulator, canCheckout } = providerFromConfig(config, db);
	return {
		orders,
		// A seat's order confirms with its ticket's address, as a free seat's mail does.
		payments: paymentsService(provider, orders, mail, {
			ticketLink: origin
				? async (orderId, locale) => {
						const eventId = await eventOfSeatOrder(db, orderId);
						return eventId ? ticketAddress(origin, eventId, locale) : null;
					}
				: undefined
		}),
		checkout: checkoutService(db, canCheckout ? provider : null),
		simulator,
		/** Whether a payment provider takes payments: a price on an event's registration needs one. */
		canCheckout
	};
}

function identityServices(db: Db, config: Config, mail: Mailer) {
	const store = sqlIdentityStore(db);
	// Membership is sold by the shop; the roles module asks it who is a paid member.
	const isMember: IsMember = (userId, now) => isPaidMember(db, userId, now);
	const signupDomains = config.SIGNUP_EMAIL_DOMAINS ?? null;
	const identity = identityService(store, {
		ttlDays: config.SESSION_TTL_DAYS,
		mail,
		signupDomains
	});
	const memberUntil = async (userId: string, now: Date) =>
		(await activeMembership(db, userId, now))?.endsAt ?? null;
	const roles = rolesService({
		store,
		isMember,
		memberUntil,
		adminEmails: config.ADMIN_EMAILS,
		safetyEmails: config.SAFETY_EMAILS
	});
	return {
		identity,
		roles,
		people: peopleService({
			db,
			roles,
			store,
			adminEmails: config.ADMIN_EMAILS,
			safetyEmails: config.SAFETY_EMAILS,
			memberUntil
		}),
		oidc: oidcService(store, identity, config.OIDC_PROVIDERS, { signupDomains }),
		invitations: invitationsService(store, roles, identity, mail)
	};
}
