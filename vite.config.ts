import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { normalizePath, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The paraglide plugin keeps Vitest from exiting; under Vitest the messages are compiled
// beforehand by `npm run i18n` (postinstall), so the plugin is only needed for dev and build.
const i18n = process.env.VITEST
	? []
	: [
			paraglideVitePlugin({
				project: './project.inlang',
				outdir: './src/lib/paraglide',
				strategy: ['globalVariable', 'baseLocale']
			})
		];

// The browser gets a stand-in for paraglide's generated runtime (src/lib/i18n-browser-runtime.ts
// says why: 0.9 kB gzip on every page); server-side code, Vitest included, keeps the generated one.
// A browser import of something the stand-in lacks fails the build (MISSING_EXPORT).
const PARAGLIDE_RUNTIME = normalizePath(
	fileURLToPath(new URL('./src/lib/paraglide/runtime.js', import.meta.url))
);
const BROWSER_RUNTIME = normalizePath(
	fileURLToPath(new URL('./src/lib/i18n-browser-runtime.ts', import.meta.url))
);
const browserI18nRuntime: Plugin = {
	name: 'orgweb:browser-i18n-runtime',
	enforce: 'pre',
	async resolveId(source, importer, options) {
		if (options.ssr || !/[\\/]runtime(\.js)?$/.test(source)) return null;
		const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
		return resolved?.id === PARAGLIDE_RUNTIME ? BROWSER_RUNTIME : null;
	}
};

// The admin area sends no JavaScript (csr = false in its +layout.ts), yet SvelteKit builds its
// pages for the browser all the same, and the parts of Svelte's runtime that only they used (the
// group, checkbox and select bindings of their forms) went into the shell every page loads: 0.5 kB
// gzip. In the browser build its pages are components that only load their address from the
// server: a client-side navigation into the area (a link, a redirect after a post) shows the
// server-rendered page, as a first visit does.
const SERVER_RENDERED_ONLY =
	/src[\\/]routes[\\/]\[\[lang=lang\]\][\\/]admin[\\/](.+[\\/])?\+(page|layout|error)\.svelte$/;
const serverRenderedOnly: Plugin = {
	name: 'orgweb:server-rendered-only',
	enforce: 'pre',
	load(id, options) {
		if (options?.ssr || !SERVER_RENDERED_ONLY.test(id)) return null;
		return `<script>import { onMount } from 'svelte'; onMount(() => location.replace(location.href));</script>`;
	}
};

// Every page loads the Svelte and SvelteKit runtimes, the layout and the formatters, and most pages
// the content cards: as two files they compress better than as the dozens of small chunks the bundler would
// otherwise make of them (first-visit bytes, bench/page-weight.mjs). `i18n` takes in the browser's
// paraglide runtime (i18n-browser-runtime.ts) too. The pattern leaves out Svelte's raw-HTML block,
// but a group also takes in what its modules import, and Svelte's internal index imports it: it is
// in the shell all the same (0.2 kB gzip). Keeping it out needs `includeDependenciesRecursively:
// false`, which SvelteKit's strict entry signatures refuse; a group of its own for it draws the
// runtime it imports along (2 kB more on every page).
const CARDS =
	/src[\\/]lib[\\/](components[\\/]content[\\/](EventCard|NewsCard|ProductCard|CardList))/;
const SHELL =
	/node_modules[\\/](svelte(?![\\/]src[\\/]internal[\\/]client[\\/]dom[\\/]blocks[\\/]html\.js)|@sveltejs[\\/]kit|devalue|esm-env|clsx)[\\/]|src[\\/]lib[\\/](paraglide[\\/]runtime|components[\\/](layout|content[\\/](PageHead|LocalizedText))|seo|i18n|format\.ts)/;

// SvelteKit runs its server build through the same config (isSsrBuild is not set for it), so the
// server is chunked the same way; that changes nothing there but file names.
export default defineConfig({
	plugins: [browserI18nRuntime, serverRenderedOnly, tailwindcss(), sveltekit(), ...i18n],
	build: {
		rollupOptions: {
			output: {
				codeSplitting: {
					groups: [
						{ name: 'shell', test: SHELL },
						// The product page shows the badge without the cards.
						{ name: 'stock-badge', test: /StockBadge\.svelte/ },
						{ name: 'cards', test: CARDS }
					]
				}
			}
		}
	},
	test: {
		environment: 'node',
		testTimeout: 20_000,
		hookTimeout: 60_000,
		// One PostgreSQL server for the run: the domain tests run on both engines.
		globalSetup: ['tests/setup/postgres.ts'],
		// `npm run test:unit` runs `unit` (part of `npm test`); `npm run test:resilience` runs the
		// long crash, load and abuse tests, which `.ci/run` runs after `npm test`.
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
					// Vitest's default on this 2-core machine is one file at a time (cores - 1), yet most
					// of these files wait on a server, a database or a child process: two at a time.
					maxWorkers: 2
				}
			},
			{
				extends: true,
				test: {
					name: 'resilience',
					include: ['tests/resilience/**/*.test.ts'],
					testTimeout: 300_000,
					hookTimeout: 120_000
				}
			}
		]
	}
});
