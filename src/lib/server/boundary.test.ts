// The one boundary of docs/architecture.md, held by `npm run lint` (eslint.config.js): a domain
// module that imports SvelteKit, the forms library, the composition root, a component or the web
// layer fails the lint; the same import in web/ (or a route) passes.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
	eslint = new ESLint({ cwd: process.cwd() });
});

async function refusals(filePath: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath });
	return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CROSSINGS = [
	"import { error } from '@sveltejs/kit';",
	"import type { RequestEvent } from '@sveltejs/kit';",
	"import { getRequestEvent } from '$app/server';",
	"import { superValidate } from 'sveltekit-superforms';",
	"import { zod4 } from 'sveltekit-superforms/adapters';",
	"import { services } from '$lib/server/app';",
	"import { services } from '../app';",
	"import Button from '$lib/components/Button.svelte';"
];

describe('the web boundary in the lint', () => {
	for (const line of CROSSINGS) {
		it(`a domain module may not: ${line}`, async () => {
			expect(await refusals('src/lib/server/shop/example.ts', line)).toHaveLength(1);
			expect(await refusals('src/lib/server/expenses/pdf/example.ts', line)).toHaveLength(1);
		});
	}

	it('a domain module may not import the web layer, by alias or by path', async () => {
		const [alias] = await refusals(
			'src/lib/server/shop/example.ts',
			"import { errorResponse } from '$lib/server/web/errors';"
		);
		expect(alias).toMatch(/web\/ imports the domain/);
		expect(
			await refusals(
				'src/lib/server/expenses/pdf/example.ts',
				"import { errorResponse } from '../../web/errors';"
			)
		).toHaveLength(1);
	});

	it('the composition root may wire the web layer; web/ and the routes may import SvelteKit', async () => {
		expect(
			await refusals('src/lib/server/app.ts', "import { pageCache } from './web/page-cache';")
		).toEqual([]);
		const kit =
			"import { error } from '@sveltejs/kit';\nimport { services } from '$lib/server/app';";
		expect(await refusals('src/lib/server/web/example.ts', kit)).toEqual([]);
		expect(await refusals('src/routes/example/+page.server.ts', kit)).toEqual([]);
	});

	it('a domain module imports other domains, the errors and $lib as before', async () => {
		const fine = [
			"import { Conflict } from '../errors';",
			"import type { Db } from '../db';",
			"import { m } from '$lib/paraglide/messages';",
			"import { fieldLabel } from '$lib/admin/content-texts';",
			"import { appendix } from './approval';"
		].join('\n');
		expect(await refusals('src/lib/server/shop/example.ts', fine)).toEqual([]);
	});
});
