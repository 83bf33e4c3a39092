import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

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
		// The bench's minimal SvelteKit reference is its own app, outside the project's tsconfig.
		files: ['bench/ref/**/*.svelte'],
		languageOptions: { parserOptions: { projectService: false } }
	}
);
