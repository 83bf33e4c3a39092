import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as generated from '$lib/paraglide/runtime';
import * as browser from './i18n-browser-runtime';

describe("the browser's paraglide runtime", () => {
	it('has the locales and the base locale of the generated runtime', () => {
		expect(browser.baseLocale).toBe(generated.baseLocale);
		expect(browser.locales).toEqual(generated.locales);
		expect(browser.experimentalStaticLocale).toBe(generated.experimentalStaticLocale);
	});

	it('exports every name the generated messages import from the runtime', () => {
		const dir = new URL('./paraglide/messages/', import.meta.url);
		const names = new Set<string>();
		for (const file of readdirSync(dir)) {
			const text = readFileSync(new URL(file, dir), 'utf8');
			// One module per message (a build) or per locale (dev): both import from ../runtime.js.
			for (const [, list] of text.matchAll(/import \{([^}]*)\} from ["']\.\.\/runtime\.js["']/g)) {
				for (const name of list!.split(',')) names.add(name.trim());
			}
		}
		expect(names.size).toBeGreaterThan(0);
		for (const name of names) expect(browser, name).toHaveProperty(name);
	});

	it('answers the base locale until the layout hands it the page locale', () => {
		expect(browser.getLocale()).toBe('no');
		browser.overwriteGetLocale(() => 'en');
		expect(browser.getLocale()).toBe('en');
	});
});
