// The files port's words for the refusals that name a limit, in the request's language (or the
// one given): the numbers come from limits.ts, so a text never disagrees with the check.
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { FILE_LIMITS, megabytes } from './limits';

const L = FILE_LIMITS;
const NUMBERS: Record<Locale, Intl.NumberFormat> = {
	no: new Intl.NumberFormat('nb-NO'),
	en: new Intl.NumberFormat('en-GB')
};

/** The text of a refusal code that names a limit, or null for any other code. */
export function limitText(code: string, locale?: Locale): string | null {
	const lang = locale ?? getLocale();
	const options = { locale: lang };
	switch (code) {
		case 'too_many_objects':
			return m.file_error_too_many_objects({ max: NUMBERS[lang].format(L.pdfObjects) }, options);
		case 'expands_too_much':
			return m.file_error_expands_too_much(
				{ pdf: megabytes(L.pdfExpandedBytes), word: megabytes(L.docxExpandedBytes) },
				options
			);
		case 'too_costly':
			return m.file_error_too_costly(
				{ memory: L.parseHeapMb, seconds: L.parseTimeoutMs / 1000 },
				options
			);
		default:
			return null;
	}
}
