import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, not a Playwright download: nothing may be fetched on this machine or in CI.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DB = `test-results/e2e-${PORT}.db`;

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	forbidOnly: !!process.env.CI,
	reporter: [['list']],
	timeout: 30_000,
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: CHROMIUM,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-dev-shm-usage',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync'
			]
		}
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
	webServer: {
		// The built server on a fresh database, as a user would run it; the build is a prior step of
		// `npm test`. The schedule is off so no job changes data under a test.
		command: `rm -f ${DB} ${DB}-wal ${DB}-shm && node scripts/serve.js`,
		url: `http://localhost:${PORT}/api/health`,
		reuseExistingServer: false,
		timeout: 60_000,
		// Stopped as a process manager stops it, so it closes what it holds (the OCR worker's
		// temporary folder among them) rather than being killed; serve.js exits within 5 s.
		gracefulShutdown: { signal: 'SIGTERM', timeout: 6000 },
		stdout: 'ignore',
		stderr: 'pipe',
		env: {
			PORT: String(PORT),
			HOST: '127.0.0.1',
			DATABASE_FILE: DB,
			CRON_ENABLED: 'false',
			LOG_LEVEL: 'warn',
			// Browsers run many page loads from one address; the limits are tested elsewhere.
			RATE_LIMIT_PUBLIC: '100000/60',
			RATE_LIMIT_ANONYMOUS: '100000/60',
			RATE_LIMIT_AUTH: '100000/60',
			// The assistant's questions and the claim form's suggestions share one bucket (20 a
			// minute by default): more than the e2e run asks in a minute, which made them flaky.
			RATE_LIMIT_ASSISTANT: '100000/60',
			// Each form is sent in both languages, with and without JavaScript.
			RATE_LIMIT_CONTACT: '100000/60',
			// Safety reports and their follow-ups, sent from one address by several tests.
			RATE_LIMIT_SAFETY: '100000/60',
			// Every job application spec posts from this one address.
			RATE_LIMIT_APPLICATION: '100000/60',
			// The buy flow pays on the simulator's hosted page (off in production mode unless enabled).
			PAYMENT_SIMULATOR_ENABLED: 'true',
			// The admin account of the tests (tests/helpers/e2e.ts, e2eAdmin).
			ADMIN_EMAILS: 'admin@e2e.example.org'
		}
	}
});
