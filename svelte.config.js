import { readFileSync, writeFileSync } from 'node:fs';
import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * SvelteKit's server manifest memoizes its route loaders but not its param matchers: every request
 * awaited four dynamic imports (the [[lang=lang]], page, pagepath and about matchers) before
 * routing, a fifth of the work of a small API request (bench/http.mjs). The manifest it wrote is
 * given the memo it already has for loaders before the adapter bundles it. Should SvelteKit change
 * the manifest's shape, the build says so and goes on unchanged.
 * @param {import('@sveltejs/kit').Adapter} inner
 * @returns {import('@sveltejs/kit').Adapter}
 */
function withMatchersLoadedOnce(inner) {
	return {
		...inner,
		async adapt(builder) {
			const file = `${builder.getServerDirectory()}/manifest.js`;
			const text = readFileSync(file, 'utf8');
			const start = text.indexOf('matchers: async () => {');
			const end = start < 0 ? -1 : text.indexOf('\n\t\t},', start);
			if (start < 0 || end < 0 || !text.includes('function __memo(')) {
				builder.log.warn('manifest.js: param matchers left as SvelteKit wrote them');
			} else {
				const body = text.slice(start + 'matchers: '.length, end + '\n\t\t}'.length);
				writeFileSync(
					file,
					text.slice(0, start) + `matchers: __memo(${body})` + text.slice(end + 4)
				);
			}
			return inner.adapt(builder);
		}
	};
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: withMatchersLoadedOnce(adapter({ out: 'build' })),
		// The browser asks the server which route a link goes to instead of loading the whole route
		// table on the first visit.
		router: { resolution: 'server' },
		// The same origin check runs in hooks.server.ts, where /api can answer it in the error
		// envelope (SvelteKit's own check answers before any hook, in plain text).
		csrf: { trustedOrigins: ['*'] },
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:'],
				'font-src': ['self'],
				'connect-src': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none'],
				'base-uri': ['self'],
				'object-src': ['none']
			}
		}
	}
};

export default config;
