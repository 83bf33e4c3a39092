// Wall-clock time in Europe/Oslo from UTC instants and back, without a time-zone library:
// Intl knows the zone's rules (CET/CEST), we only read its answer.
import { TIME_ZONE } from '$lib/format';

const PARTS = new Intl.DateTimeFormat('en-GB', {
	timeZone: TIME_ZONE,
	hourCycle: 'h23',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit'
});

export interface WallTime {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

/** The Oslo wall-clock time of an instant. */
export function osloWallTime(instant: Date): WallTime {
	const parts = Object.fromEntries(
		PARTS.formatToParts(instant).map((p) => [p.type, Number(p.value)])
	) as Record<string, number>;
	return {
		year: parts.year!,
		month: parts.month!,
		day: parts.day!,
		hour: parts.hour!,
		minute: parts.minute!,
		second: parts.second!
	};
}

/** Oslo's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(instant: Date): number {
	const w = osloWallTime(instant);
	const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
	return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A `YYYY-MM-DD` date, or undefined when the text is not a real calendar date. */
export function parseDate(text: string | null | undefined): string | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text?.trim() ?? '');
	if (!match) return undefined;
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const date = new Date(Date.UTC(y, m - 1, d));
	const real =
		date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
	return real && y >= 1970 && y <= 9999 ? match[0] : undefined;
}

/** The instant Oslo's day `YYYY-MM-DD` begins (00:00 local), as an ISO string in UTC. */
export function osloDayStart(date: string, plusDays = 0): string {
	const [y, m, d] = date.split('-').map(Number) as [number, number, number];
	const wall = Date.UTC(y, m - 1, d + plusDays);
	// The offset at the guess may differ from the offset at the answer only across a DST change.
	let instant = wall - offsetAt(new Date(wall));
	instant = wall - offsetAt(new Date(instant));
	return new Date(instant).toISOString();
}
