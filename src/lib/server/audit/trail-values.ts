// How a value recorded in the audit log reads in a trail: nothing as "–", an instant or a
// calendar day as a date in the reader's language (the one formatter, $lib/format), an id whose
// name is known as that name, a long text cut short. The domains label the fields; this shows
// what was in them.
import { formatDate, formatDateTime } from '$lib/format';
import type { Locale } from '$lib/i18n';

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const CALENDAR_DAY = /^\d{4}-\d\d-\d\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHOWN = 80;

export function trailValue(
	value: unknown,
	locale: Locale,
	names: ReadonlyMap<string, string> = new Map()
): string {
	if (value === null || value === undefined || value === '') return '–';
	if (typeof value === 'string') {
		const name = names.get(value);
		if (name !== undefined) return name;
		if (INSTANT.test(value)) return formatDateTime(value, locale);
		if (CALENDAR_DAY.test(value)) return formatDate(value, locale);
	}
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line;
}

/** The values among an entry's fields that are ids of records (accounts, files, invitations). */
export function idsIn(...sides: (Record<string, unknown> | null | undefined)[]): string[] {
	return sides.flatMap((side) =>
		Object.values(side ?? {}).filter((v): v is string => typeof v === 'string' && UUID.test(v))
	);
}

/** Whether a value is an id no reader can use: shown only when a name was found for it. */
export const isBareId = (value: unknown, names: ReadonlyMap<string, string>) =>
	typeof value === 'string' && UUID.test(value) && !names.has(value);
