import { expect, test } from '@playwright/test';
import { holdScripts } from '../helpers/slow-scripts';

// A visitor on a slow line starts typing as soon as a form is drawn. When the scripts arrive, the
// page hydrates; whatever was typed by then must still be there (Svelte sets a rendered `value`
// back over the typed one, so these forms must not set it). The safety forms' and the job
// application's own specs hold the same check for theirs.
const FORMS = [
	{
		path: '/en/contact',
		fields: [
			['Your name', 'Kari Nordmann'],
			['Your email address', 'kari@example.org'],
			['Subject', 'Typed early'],
			['Message', 'Written before the page had finished loading.']
		]
	}
] as const;

for (const form of FORMS) {
	test(`${form.path}: what is typed before the scripts arrive is still there after`, async ({
		page
	}) => {
		const release = await holdScripts(page);
		await page.goto(form.path, { waitUntil: 'commit' });
		for (const [label, value] of form.fields) {
			await page.getByLabel(label, { exact: true }).fill(value);
		}
		release();
		// The page's scripts have arrived and run (hydration follows their loading at once).
		await page.waitForLoadState('networkidle');
		for (const [label, value] of form.fields) {
			await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
		}
	});
}
