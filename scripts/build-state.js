// Whether build/ is older than the sources it is built from: `npm start` and the bench build again
// when it is.
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

/** True when `root`/build is missing or any source below `root` changed after it was built. */
export function isBuildStale(root) {
	const built = join(root, 'build/handler.js');
	const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
	// Compiled messages and paraglide's cache (written by every Vite start, a bench's too) are
	// outputs of the build, not sources of it.
	const generated = [join(root, 'src', 'lib', 'paraglide'), join(root, 'project.inlang', 'cache')];
	const newest = (path) => {
		const stat = statSync(path);
		if (!stat.isDirectory()) return stat.mtimeMs;
		let latest = stat.mtimeMs;
		for (const entry of readdirSync(path)) {
			const child = join(path, entry);
			if (!generated.includes(child)) latest = Math.max(latest, newest(child));
		}
		return latest;
	};
	const sources = SOURCES.map((s) => join(root, s)).filter(existsSync);
	return Math.max(...sources.map(newest)) > builtAt;
}
