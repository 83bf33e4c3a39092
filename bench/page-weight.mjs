// First-visit bytes per page type and, when Lighthouse is installed, its scores.
//
//   node bench/page-weight.mjs      (alone; bench/run.mjs runs it with the other benches)
//
// Starts the built server (rebuilt first when stale) on a fresh demo database, loads each page
// type in Debian's Chromium and records every JavaScript and CSS response, then asks the server
// for each of them again with `Accept-Encoding: gzip` and counts the bytes on the wire
// (adapter-node serves precompressed files; anything sent uncompressed is gzipped here at level 9
// and marked *). Lighthouse (not a project dependency) runs on the home and an event page when
// found at LIGHTHOUSE_BIN, default /tmp/lh/node_modules/.bin/lighthouse:
// `npm install --prefix /tmp/lh lighthouse@12`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { BENCH_LIMITS, ensureBuild, firstLink, insertSession, startOrgweb } from './lib/orgweb.mjs';
import { isMain } from './lib/servers.mjs';
import { printTable } from './lib/table.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN ?? '/tmp/lh/node_modules/.bin/lighthouse';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage';
/** The first-visit goal of issue 17 for the home page's JavaScript. */
export const HOME_JS_GOAL_BYTES = 50_000;

/** The page types measured; event and product pages are the first listed on their list page. */
async function pageTypes(base) {
	return [
		['home', '/en'],
		['events list', '/en/events'],
		['event', await firstLink(base, '/en/events', '/en/events/')],
		['shop', '/en/shop'],
		['product', await firstLink(base, '/en/shop', '/en/shop/')],
		['units', '/en/units'],
		['unit', '/en/units/board-oslo'],
		['news', '/en/news'],
		['job (application form)', '/en/jobs/treasurer-oslo'],
		['contact', '/en/contact'],
		['safety report', '/en/safety/report'],
		['safety follow-up', '/en/safety/follow-up'],
		['about page', '/en/about/history'],
		['assistant', '/en/assistant'],
		// Without a token the page says the link is not one of ours; its weight is the same.
		['unsubscribe (a mail link)', '/en/notifications/unsubscribe']
	];
}

const ADMIN_EMAIL = 'bench-admin@example.org';

/** The admin area's page types (the dashboard, content, shop and people), and the profile, measured signed in. */
const ADMIN_PAGES = [
	['profile', '/en/profile'],
	['admin dashboard', '/en/admin'],
	['admin content list', '/en/admin/content/events'],
	['admin new event', '/en/admin/content/events/new'],
	['admin event', '/en/admin/content/events/evt-julebord'],
	['admin product', '/en/admin/shop/products/prod-mug'],
	['admin orders', '/en/admin/shop/orders'],
	['admin people', '/en/admin/people'],
	['admin assistant', '/en/admin/assistant'],
	['admin applications', '/en/admin/inbox/applications'],
	['admin inbox', '/en/admin/inbox'],
	['admin contact messages', '/en/admin/inbox/contact']
];

/** An admin (ADMIN_EMAILS) with a session in the bench's database; its cookie. */
function adminSession(file) {
	const db = new Database(file);
	try {
		return insertSession(db, ADMIN_EMAIL, 'Bench Admin').secret;
	} finally {
		db.close();
	}
}

export async function pageWeight() {
	ensureBuild();
	const dir = mkdtempSync(join(tmpdir(), 'orgweb-weight-'));
	const databaseFile = join(dir, 'weight.db');
	const server = await startOrgweb({
		databaseFile,
		env: { LOG_LEVEL: 'warn', ADMIN_EMAILS: ADMIN_EMAIL, ...BENCH_LIMITS }
	});
	try {
		const base = server.url;
		const pages = await pageTypes(base);
		const browser = await chromium.launch({
			executablePath: CHROMIUM,
			args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
		});
		const rows = [];
		try {
			for (const [name, path] of pages) rows.push(await measurePage(browser, base, name, path));
			const secret = adminSession(databaseFile);
			const admin = await browser.newContext();
			await admin.addCookies([{ name: 'session', value: secret, url: base }]);
			const headers = { cookie: `session=${secret}` };
			for (const [name, path] of ADMIN_PAGES) {
				rows.push(await measurePage(admin, base, name, path, headers));
			}
		} finally {
			await browser.close();
		}
		console.log('\nFirst-visit bytes of JavaScript, CSS and HTML sent (gzip, as served)');
		printTable(
			['page', 'JS gzip B', 'JS files', 'CSS gzip B', 'CSS files', 'HTML gzip B'],
			rows.map((r) => [
				r.page,
				r.jsGzipBytes + (r.gzippedHere ? '*' : ''),
				r.jsFiles,
				r.cssGzipBytes,
				r.cssFiles,
				r.htmlGzipBytes
			])
		);
		// The budget of design.md holds for every page type, not only the home page.
		const over = rows.filter((r) => r.jsGzipBytes > HOME_JS_GOAL_BYTES);
		const largest = Math.max(...rows.map((r) => r.jsGzipBytes));
		console.log(
			`first-visit JavaScript ≤ ${HOME_JS_GOAL_BYTES / 1000} kB gzip on every page type: ${over.length === 0 ? 'holds' : `MISSED on ${over.map((r) => r.page).join(', ')}`} (largest ${(largest / 1000).toFixed(1)} kB)`
		);
		const lighthouse = runLighthouse(base, [pages[0], pages[2]], dir);
		return { pages: rows, lighthouse };
	} finally {
		await server.stop();
		rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * First-visit bytes of one page: `opener` is a browser or a context (one holding a session cookie
 * for signed-in pages); `headers` go with the HTML request made here (that cookie again).
 */
export async function measurePage(opener, base, name, path, headers = {}) {
	const page = await opener.newPage();
	const assets = new Set();
	page.on('response', (res) => {
		const type = res.request().resourceType();
		if (type === 'script' || type === 'stylesheet') assets.add(`${type}\t${res.url()}`);
	});
	await page.goto(base + path, { waitUntil: 'networkidle' });
	await page.close();
	const sizes = {
		script: { wire: 0, files: 0 },
		stylesheet: { wire: 0, files: 0 }
	};
	let gzippedHere = false;
	for (const entry of assets) {
		const [type, url] = entry.split('\t');
		const { body, encoding } = await rawGet(url);
		if (encoding !== 'gzip') gzippedHere = true;
		sizes[type].wire += encoding === 'gzip' ? body.length : gzipSync(body, { level: 9 }).length;
		sizes[type].files += 1;
	}
	const html = await rawGet(base + path, headers);
	return {
		page: `${name} (${path})`,
		path,
		jsGzipBytes: sizes.script.wire,
		jsFiles: sizes.script.files,
		cssGzipBytes: sizes.stylesheet.wire,
		cssFiles: sizes.stylesheet.files,
		htmlGzipBytes:
			html.encoding === 'gzip' ? html.body.length : gzipSync(html.body, { level: 9 }).length,
		gzippedHere
	};
}

function runLighthouse(base, pages, dir) {
	if (process.env.BENCH_LIGHTHOUSE === '0') return null;
	if (!existsSync(LIGHTHOUSE)) {
		console.log(`\nLighthouse not found at ${LIGHTHOUSE} (optional); install it with`);
		console.log('  npm install --prefix /tmp/lh lighthouse@12');
		return null;
	}
	const scores = [];
	for (const preset of ['mobile', 'desktop']) {
		for (const [name, path] of pages) {
			const out = join(dir, `${name}-${preset}.json`);
			const args = [
				base + path,
				'--output=json',
				`--output-path=${out}`,
				'--quiet',
				`--chrome-flags=${CHROME_FLAGS}`,
				'--only-categories=performance,accessibility,best-practices,seo'
			];
			if (preset === 'desktop') args.push('--preset=desktop');
			const run = spawnSync(LIGHTHOUSE, args, {
				env: { ...process.env, CHROME_PATH: CHROMIUM },
				encoding: 'utf8',
				timeout: 180_000
			});
			if (run.status !== 0) {
				console.error(run.stderr);
				continue;
			}
			const report = JSON.parse(readFileSync(out, 'utf8'));
			const score = (id) => Math.round(report.categories[id].score * 100);
			const audit = (id) => report.audits[id]?.displayValue ?? '';
			scores.push({
				page: `${name} (${path})`,
				preset,
				performance: score('performance'),
				accessibility: score('accessibility'),
				'best practices': score('best-practices'),
				seo: score('seo'),
				FCP: audit('first-contentful-paint'),
				LCP: audit('largest-contentful-paint'),
				CLS: audit('cumulative-layout-shift'),
				TBT: audit('total-blocking-time')
			});
		}
	}
	console.log(
		`\nLighthouse ${lighthouseVersion()} in ${CHROMIUM} (loopback; simulated throttling)`
	);
	console.table(scores);
	return scores;
}

function rawGet(url, headers = {}) {
	return new Promise((resolve, reject) => {
		get(url, { headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
			const chunks = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () =>
				resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] })
			);
		}).on('error', reject);
	});
}

function lighthouseVersion() {
	const run = spawnSync(LIGHTHOUSE, ['--version'], { encoding: 'utf8' });
	return run.stdout.trim();
}

if (isMain(import.meta.url)) await pageWeight();
