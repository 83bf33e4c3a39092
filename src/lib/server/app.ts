// The composition root: builds the services from the configuration once, at server start.
// Routes get them through services(); tests build their own from a temporary database.
import { config as readConfig, type Config } from './config';
import { contactService } from './contact';
import { sqlContactStore } from './contact/sql';
import { contentService } from './content';
import { leadershipService } from './content/leadership';
import { sqlContentStore } from './content/sql';
import { migrate, openSqlite, type Db } from './db';
import { seedDemo } from './db/seed';
import { identityService } from './identity';
import { sqlIdentityStore } from './identity/sql';
import { memoryRateLimitStore, rateLimiter } from './http/rate-limit';
import { startSchedule } from './jobs';
import { log, setLogLevel } from './log';
import { mailer } from './mail';
import { smtpTransport } from './mail/smtp';
import { paymentsService, providerFromConfig } from './payments';
import { shopService } from './shop';
import { ordersService } from './shop/orders';
import { sqlOrderStore } from './shop/orders-sql';
import { sqlShopStore } from './shop/sql';

export function buildServices(db: Db, config: Config) {
	const contentStore = sqlContentStore(db);
	const mail = mailer(db, config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null, {
		from: config.MAIL_FROM
	});
	return {
		config,
		db,
		...paymentServices(db, config),
		identity: identityService(sqlIdentityStore(db), { ttlDays: config.SESSION_TTL_DAYS }),
		content: contentService(contentStore),
		leadership: leadershipService(contentStore, { ttlSeconds: config.LEADERSHIP_CACHE_SECONDS }),
		rateLimit: rateLimiter(memoryRateLimitStore(), {
			anonymous: config.RATE_LIMIT_ANONYMOUS,
			public: config.RATE_LIMIT_PUBLIC,
			contact: config.RATE_LIMIT_CONTACT
		}),
		shop: shopService(sqlShopStore(db)),
		mail,
		contact: contactService(sqlContactStore(db), mail, config.CONTACT_TO)
	};
}

export type Services = ReturnType<typeof buildServices>;

let current: Services | undefined;

export async function startApp(): Promise<Services> {
	const config = readConfig();
	setLogLevel(config.LOG_LEVEL);
	const db = openSqlite(config.DATABASE_FILE);
	const applied = await migrate(db);
	const seeded = config.SEED_DEMO ? await seedDemo(db) : false;
	log.info('database ready', { file: config.DATABASE_FILE, migrations: applied, seeded });
	current = buildServices(db, config);
	if (config.CRON_ENABLED) startSchedule(current);
	return current;
}

export function services(): Services {
	if (!current) throw new Error('services() called before startApp()');
	return current;
}

// Orders and payments share one orders service: the payment flows move orders through it.
function paymentServices(db: Db, config: Config) {
	const orders = ordersService(sqlOrderStore(db));
	return { orders, payments: paymentsService(providerFromConfig(config, db), orders) };
}
