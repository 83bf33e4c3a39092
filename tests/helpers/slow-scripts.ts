import type { Page } from '@playwright/test';

/**
 * Holds the app's scripts back, as on a slow connection, so a test can act on the server-rendered
 * page before it hydrates. Call the returned function to let them through.
 */
export async function holdScripts(page: Page): Promise<() => void> {
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_app/immutable/**/*.js', async (route) => {
		await released;
		await route.continue();
	});
	return release;
}
