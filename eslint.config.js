import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * The one boundary (docs/architecture.md): outside src/lib/server/web/, server code knows nothing of
 * SvelteKit, the forms library, the composition root or the components. Tests and their fixtures
 * may wire the composition root.
 */
const WEB_ONLY = "is the web layer's: only src/lib/server/web/ (and src/routes) may import it";
const boundary = [
	{ regex: '^@sveltejs/kit(/|$)', message: `SvelteKit ${WEB_ONLY}` },
	{ regex: '^\\$app/', message: `SvelteKit's $app ${WEB_ONLY}` },
	{ regex: '^sveltekit-superforms(/|$)', message: `The forms library ${WEB_ONLY}` },
	{ regex: '^(\\$lib/server/|(\\.\\.?/)+)app$', message: `The composition root ${WEB_ONLY}` },
	{ regex: '^\\$lib/components(/|$)', message: `A components module ${WEB_ONLY}` }
];
/** A domain does not reach into the web layer either: the arrow points from web/ to the domains. */
const intoWeb = {
	regex: '^(\\$lib/server/web|(\\.\\./)+web)(/|$)',
	message: 'A domain does not import the web layer; web/ imports the domain'
};
const boundaryIgnores = [
	'src/lib/server/web/**',
	'src/lib/server/**/*.test.ts',
	'src/lib/server/**/test-*.ts'
];

export default ts.config(
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'src/lib/paraglide/',
			'data/',
			'test-results/',
			'playwright-report/',
			'bench/.next-ref/',
			'bench/ref/sveltekit/build/',
			'bench/ref/sveltekit/.svelte-kit/',
			'bench/.drivers/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'no-undef': 'off',
			// Links are built by localizePath() (locale prefix); the app has no base path to resolve.
			'svelte/no-navigation-without-resolve': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			]
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		files: ['src/lib/server/*.ts'],
		ignores: boundaryIgnores,
		rules: { 'no-restricted-imports': ['error', { patterns: boundary }] }
	},
	{
		files: ['src/lib/server/*/**/*.ts'],
		ignores: boundaryIgnores,
		rules: { 'no-restricted-imports': ['error', { patterns: [...boundary, intoWeb] }] }
	},
	{
		// The bench's minimal SvelteKit reference is its own app, outside the project's tsconfig.
		files: ['bench/ref/**/*.svelte'],
		languageOptions: { parserOptions: { projectService: false } }
	}
);
