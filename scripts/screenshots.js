// npm run screenshots: builds when build/ is older than the sources, then photographs the main
// journeys (playwright.screenshots.config.ts) into screenshots/.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isBuildStale } from './build-state.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command, args) => {
	const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
	if (status !== 0) process.exit(status ?? 1);
};
if (isBuildStale(root)) run('npm', ['run', 'build']);
rmSync(new URL('../screenshots', import.meta.url), { recursive: true, force: true });
run('npx', [
	'playwright',
	'test',
	'-c',
	'playwright.screenshots.config.ts',
	...process.argv.slice(2)
]);
console.log('Screenshots in screenshots/');
