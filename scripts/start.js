// `npm start`: build when the build is missing or older than the sources, then serve it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
	'src',
	'messages',
	'static',
	'project.inlang',
	'package.json',
	'svelte.config.js',
	'vite.config.ts'
];
const BUILT = 'build/handler.js';

function newest(path) {
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let latest = stat.mtimeMs;
	for (const entry of readdirSync(path)) {
		const child = join(path, entry);
		if (child === join('src', 'lib', 'paraglide')) continue;
		latest = Math.max(latest, newest(child));
	}
	return latest;
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.filter(existsSync).map(newest));
if (sourcesAt > builtAt) {
	console.log('Building orgweb (first start or sources changed)…');
	execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

// `npm start` is the fresh-machine command: with the simulator as the provider (the default), its
// hosted page takes the payments so the whole buy flow works. A deployment that runs serve.js in
// production mode gets the simulator only when PAYMENT_SIMULATOR_ENABLED says so.
const provider = process.env.PAYMENT_PROVIDER || 'simulator';
if (provider === 'simulator' && !process.env.PAYMENT_SIMULATOR_ENABLED) {
	process.env.PAYMENT_SIMULATOR_ENABLED = 'true';
}

await import('./serve.js');
