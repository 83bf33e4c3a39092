import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { sveltekit } from '@sveltejs/kit/vite';
import tailwindcss from '@tailwindcss/vite';
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

// Every page loads the Svelte and SvelteKit runtimes, the layout and the formatters, and most pages
// the content cards: as two files they compress better than as the dozens of small chunks the bundler would
// otherwise make of them (first-visit bytes, bench/page-weight.mjs). Svelte's raw-HTML block stays
// out of the shell: only the three pages with JSON-LD (JsonLd.svelte) use it.
const CARDS =
	/src[\\/]lib[\\/](components[\\/]content[\\/](EventCard|NewsCard|ProductCard|CardList))/;
const SHELL =
	/node_modules[\\/](svelte(?![\\/]src[\\/]internal[\\/]client[\\/]dom[\\/]blocks[\\/]html\.js)|@sveltejs[\\/]kit|devalue|esm-env|clsx)[\\/]|src[\\/]lib[\\/](paraglide[\\/]runtime|components[\\/](layout|content[\\/](PageHead|LocalizedText))|seo|i18n|format\.ts)/;

// SvelteKit runs its server build through the same config (isSsrBuild is not set for it), so the
// server is chunked the same way; that changes nothing there but file names.
export default defineConfig({
	plugins: [tailwindcss(), sveltekit(), ...i18n],
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
