// The reference servers every figure is divided by, built and started in the same run:
// a bare node:http server, a minimal SvelteKit app on the project's own SvelteKit, Vite and
// adapter-node, and a minimal Next.js 16 app installed on first run into bench/.next-ref
// (gitignored; not a project dependency). Sources live in bench/ref/.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, quietly } from './orgweb.mjs';
import { startServer } from './servers.mjs';

const SVELTEKIT_DIR = join(ROOT, 'bench/ref/sveltekit');
const NEXT_SOURCES = join(ROOT, 'bench/ref/next');
const NEXT_DIR = join(ROOT, 'bench/.next-ref');
const NEXT_PACKAGES = ['next@16', 'react@19', 'react-dom@19'];

const BARE = `require('node:http').createServer((q, s) => {
  s.writeHead(200, { 'content-type': 'application/json' });
  s.end('{"status":"ok"}');
}).listen(Number(process.env.PORT), process.env.HOST, function () {
  console.log('listening on ' + this.address().port);
});`;

function newest(path) {
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

const version = (dir, name) =>
	JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;

export function startBare() {
	return startServer({
		name: 'bare node:http',
		args: ['-e', BARE],
		listening: /listening on (\d+)/
	});
}

/** Builds the SvelteKit reference when its output is missing or older than its sources. */
export function buildSvelteKitRef() {
	const built = join(SVELTEKIT_DIR, 'build/handler.js');
	const sources = ['src', 'svelte.config.js', 'vite.config.js'].map((p) => join(SVELTEKIT_DIR, p));
	const kit = join(ROOT, 'node_modules/@sveltejs/kit/package.json');
	const stale = !existsSync(built) || Math.max(...sources.map(newest), newest(kit)) > newest(built);
	if (stale) {
		console.log('building the minimal SvelteKit reference …');
		quietly(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
			cwd: SVELTEKIT_DIR
		});
	}
	return {
		'@sveltejs/kit': version(ROOT, '@sveltejs/kit'),
		svelte: version(ROOT, 'svelte'),
		vite: version(ROOT, 'vite'),
		'@sveltejs/adapter-node': version(ROOT, '@sveltejs/adapter-node')
	};
}

export function startSvelteKitRef() {
	return startServer({
		name: 'minimal SvelteKit',
		args: [join(SVELTEKIT_DIR, 'serve.mjs')],
		cwd: SVELTEKIT_DIR,
		env: { NODE_ENV: 'production' },
		healthPath: '/api/health',
		listening: /listening on (\d+)/
	});
}

/**
 * Installs next, react and react-dom into bench/.next-ref on first run, copies the reference's
 * sources beside them and runs `next build` when the build is missing or older than the sources.
 */
export function buildNextRef() {
	if (!existsSync(join(NEXT_DIR, 'node_modules/next/package.json'))) {
		console.log(`installing ${NEXT_PACKAGES.join(' ')} into bench/.next-ref (first run) …`);
		mkdirSync(NEXT_DIR, { recursive: true });
		quietly('npm', ['install', '--no-audit', '--no-fund', '--prefix', NEXT_DIR, ...NEXT_PACKAGES]);
	}
	const built = join(NEXT_DIR, '.next/BUILD_ID');
	const sourcesAt = newest(NEXT_SOURCES);
	if (!existsSync(built) || sourcesAt > statSync(built).mtimeMs) {
		console.log('building the minimal Next.js reference (next build) …');
		cpSync(NEXT_SOURCES, NEXT_DIR, { recursive: true });
		quietly(process.execPath, [join(NEXT_DIR, 'node_modules/next/dist/bin/next'), 'build'], {
			cwd: NEXT_DIR,
			env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
		});
	}
	return {
		next: version(NEXT_DIR, 'next'),
		react: version(NEXT_DIR, 'react'),
		'react-dom': version(NEXT_DIR, 'react-dom')
	};
}

export function startNextRef() {
	return startServer({
		name: 'minimal Next.js',
		args: [join(NEXT_DIR, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1'],
		cwd: NEXT_DIR,
		env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
		healthPath: '/api/health'
	});
}
