// orgweb's TypeScript sources loaded into a bench's own process through Vite (its `$lib` aliases
// and all), for parts that time or drive the domain code directly rather than over HTTP.
import { createServer } from 'vite';
import { ROOT } from './orgweb.mjs';

/** `load(path)`: a module by its path from the project root, e.g. '/src/lib/server/db/index.ts'. */
export async function sourceLoader() {
	const vite = await createServer({
		root: ROOT,
		logLevel: 'error',
		appType: 'custom',
		server: { middlewareMode: true, hmr: false, watch: null }
	});
	return { load: (path) => vite.ssrLoadModule(path), close: () => vite.close() };
}
