// Page weight and Lighthouse scores of the home page and an event page.
//
//   npm run build && node bench/page-weight.mjs
//
// Starts the built server on a free port with a fresh demo database, loads each page in Debian's
// Chromium and records every JavaScript and CSS response, then asks the server for each of them
// again with `Accept-Encoding: gzip` and counts the bytes on the wire (adapter-node serves
// precompressed files; anything sent uncompressed is gzipped here at level 9 and marked *).
// Lighthouse (not a project dependency) runs when found at LIGHTHOUSE_BIN, default
// /tmp/lh/node_modules/.bin/lighthouse: `npm install --prefix /tmp/lh lighthouse@12`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN ?? '/tmp/lh/node_modules/.bin/lighthouse';
const PAGES = [
	['home', '/en'],
	['event', '/en/events/evt-julebord']
];
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-dev-shm-usage';

const dir = mkdtempSync(join(tmpdir(), 'orgweb-weight-'));
const server = spawn(process.execPath, ['scripts/serve.js'], {
	env: {
		PATH: process.env.PATH,
		PORT: '0',
		HOST: '127.0.0.1',
		DATABASE_FILE: join(dir, 'weight.db'),
		CRON_ENABLED: 'false',
		LOG_LEVEL: 'warn',
		RATE_LIMIT_PUBLIC: '100000/60'
	},
	stdio: ['ignore', 'pipe', 'inherit']
});

try {
	const base = await new Promise((resolve, reject) => {
		let out = '';
		const timer = setTimeout(() => reject(new Error('server did not start')), 20_000);
		server.stdout.on('data', (d) => {
			out += d;
			const match = /listening on (http:\/\/\S+)/.exec(out);
			if (match) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		});
	});

	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
	});
	const rows = [];
	for (const [name, path] of PAGES) {
		const page = await browser.newPage();
		const assets = new Set();
		page.on('response', (res) => {
			const type = res.request().resourceType();
			if (type === 'script' || type === 'stylesheet') assets.add(`${type}\t${res.url()}`);
		});
		await page.goto(base + path, { waitUntil: 'networkidle' });
		await page.close();
		const sizes = {
			script: { wire: 0, raw: 0, files: 0 },
			stylesheet: { wire: 0, raw: 0, files: 0 }
		};
		let gzippedHere = false;
		for (const entry of assets) {
			const [type, url] = entry.split('\t');
			const { body, encoding } = await rawGet(url);
			const raw = encoding === 'gzip' ? null : body;
			const wire = encoding === 'gzip' ? body.length : gzipSync(body, { level: 9 }).length;
			if (encoding !== 'gzip') gzippedHere = true;
			sizes[type].wire += wire;
			sizes[type].raw += raw ? raw.length : 0;
			sizes[type].files += 1;
		}
		const html = await rawGet(base + path);
		rows.push({
			page: `${name} (${path})`,
			'JS gzip bytes': sizes.script.wire + (gzippedHere ? '*' : ''),
			'JS files': sizes.script.files,
			'CSS gzip bytes': sizes.stylesheet.wire,
			'CSS files': sizes.stylesheet.files,
			'HTML gzip bytes':
				html.encoding === 'gzip' ? html.body.length : gzipSync(html.body, { level: 9 }).length
		});
	}
	await browser.close();
	console.log('\nBytes of JavaScript and CSS sent, gzip');
	console.table(rows);

	if (!existsSync(LIGHTHOUSE)) {
		console.log(`\nLighthouse not found at ${LIGHTHOUSE}; install it with`);
		console.log('  npm install --prefix /tmp/lh lighthouse@12');
	} else {
		const scores = [];
		for (const preset of ['mobile', 'desktop']) {
			for (const [name, path] of PAGES) {
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
	}
} finally {
	server.kill('SIGTERM');
	rmSync(dir, { recursive: true, force: true });
}

function rawGet(url) {
	return new Promise((resolve, reject) => {
		get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
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
