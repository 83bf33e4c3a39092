// The admin's date and time fields are in Oslo time (what the organisation lives by), whatever the
// server's zone; stored instants are UTC ISO strings. `<input type="datetime-local">` speaks
// "2026-12-12T18:00" without a zone.
import { TIME_ZONE } from '$lib/format';

const parts = new Intl.DateTimeFormat('en-CA', {
	timeZone: TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23'
});

/** The wall-clock time in Oslo of an instant, as a datetime-local value. */
export function toOsloInput(iso: string): string {
	const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
	return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** How far Oslo's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number): number {
	const wall = toOsloInput(new Date(ms).toISOString());
	return Date.parse(`${wall}:00Z`) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant a datetime-local value names in Oslo, or null when it is not one. A time the clock
 * skips in spring is taken as the hour after; one it repeats in autumn, as the first.
 */
export function fromOsloInput(value: string): string | null {
	const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
	if (!m) return null;
	const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
	if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== value.trim()) return null;
	// Oslo's offset half a day before and after; the one (or first) whose wall time is the one
	// asked for. In the spring gap neither is, and the offset before the change gives the hour after.
	const candidates = [wall - offsetAt(wall - 43_200_000), wall - offsetAt(wall + 43_200_000)];
	const exact = candidates.filter((c) => toOsloInput(new Date(c).toISOString()) === value.trim());
	const instant = exact.length > 0 ? Math.min(...exact) : candidates[0]!;
	return new Date(instant).toISOString();
}
