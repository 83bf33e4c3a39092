// paraglide's runtime as the browser build has it: vite.config.ts puts this module in the place of
// the generated src/lib/paraglide/runtime.js for the client only (the server keeps the generated
// one). It holds what the messages and $lib/i18n import from the runtime, nothing else.
//
// The generated runtime finds the locale through strategies, URL patterns and cookies, and can
// set it. In the browser none of that runs: the root layout hands getLocale the page's locale
// before any message renders. But getLocale is reassignable, so the bundler kept the whole default
// behind it, 0.9 kB gzip of first-visit JavaScript on every page. Until it is overwritten,
// getLocale answers the base locale, as the generated one does with our strategies
// (globalVariable, unset in the browser, then baseLocale).
import type { Locale } from '$lib/paraglide/runtime';

export const baseLocale: Locale = 'no';
export const locales = ['no', 'en'] as const satisfies readonly Locale[];

/** A per-locale build's fixed locale; none here. */
export const experimentalStaticLocale: Locale | undefined = undefined;

export let getLocale = (): Locale => baseLocale;

export const overwriteGetLocale = (fn: () => Locale) => {
	getLocale = fn;
};
