// `npm start`: build when the build is missing or older than the sources, then serve it.
import { execSync } from 'node:child_process';
import { isBuildStale } from './build-state.js';

if (isBuildStale(process.cwd())) {
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
