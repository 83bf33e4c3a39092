// iCalendar (RFC 5545) for one event or a feed of events. Times are written as Oslo wall-clock
// times with TZID=Europe/Oslo and a VTIMEZONE, so calendars show 19:00 whatever zone they sit in.
import { osloWallTime } from '$lib/oslo-time';

export interface CalendarEvent {
	uid: string;
	title: string;
	description: string;
	location: string;
	url: string;
	startsAt: string;
	endsAt: string;
}

// Oslo's rules since 1996: CEST from the last Sunday of March 02:00, CET from the last Sunday of
// October 03:00.
const VTIMEZONE = [
	'BEGIN:VTIMEZONE',
	'TZID:Europe/Oslo',
	'BEGIN:DAYLIGHT',
	'TZOFFSETFROM:+0100',
	'TZOFFSETTO:+0200',
	'TZNAME:CEST',
	'DTSTART:19700329T020000',
	'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
	'END:DAYLIGHT',
	'BEGIN:STANDARD',
	'TZOFFSETFROM:+0200',
	'TZOFFSETTO:+0100',
	'TZNAME:CET',
	'DTSTART:19701025T030000',
	'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
	'END:STANDARD',
	'END:VTIMEZONE'
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `20261205T190000`: the Oslo wall-clock time of an instant. */
export function osloLocal(iso: string): string {
	const w = osloWallTime(new Date(iso));
	return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** `20261123T090000Z`: an instant in UTC, as DTSTAMP wants it. */
function utcStamp(date: Date): string {
	return date
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
	return value
		.replace(/\\/g, '\\\\')
		.replace(/;/g, '\\;')
		.replace(/,/g, '\\,')
		.replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldLine(line: string): string {
	const encoder = new TextEncoder();
	const out: string[] = [];
	let current = '';
	let octets = 0;
	for (const char of line) {
		const size = encoder.encode(char).length;
		// Continuation lines start with a space, which counts towards their 75 octets.
		if (octets + size > 75) {
			out.push(current);
			current = ' ';
			octets = 1;
		}
		current += char;
		octets += size;
	}
	out.push(current);
	return out.join('\r\n');
}

export interface CalendarOptions {
	name: string;
	now?: Date;
	/**
	 * How often a subscribed calendar app should fetch the feed again, as an RFC 5545 duration
	 * (`PT15M`): REFRESH-INTERVAL (RFC 7986) and Outlook's X-PUBLISHED-TTL. Apps may poll less often.
	 */
	refresh?: string;
}

export function toICalendar(events: CalendarEvent[], options: CalendarOptions): string {
	const stamp = utcStamp(options.now ?? new Date());
	const refresh = options.refresh
		? [`REFRESH-INTERVAL;VALUE=DURATION:${options.refresh}`, `X-PUBLISHED-TTL:${options.refresh}`]
		: [];
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//orgweb//events//EN',
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		`X-WR-CALNAME:${escapeText(options.name)}`,
		'X-WR-TIMEZONE:Europe/Oslo',
		...refresh,
		...VTIMEZONE,
		...events.flatMap((e) => [
			'BEGIN:VEVENT',
			`UID:${e.uid}`,
			`DTSTAMP:${stamp}`,
			`DTSTART;TZID=Europe/Oslo:${osloLocal(e.startsAt)}`,
			`DTEND;TZID=Europe/Oslo:${osloLocal(e.endsAt)}`,
			`SUMMARY:${escapeText(e.title)}`,
			`DESCRIPTION:${escapeText(e.description)}`,
			`LOCATION:${escapeText(e.location)}`,
			`URL:${e.url}`,
			'END:VEVENT'
		]),
		'END:VCALENDAR'
	];
	return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** An event of the content store as a calendar entry; the UID is the same in both locales. */
export function calendarEvent(
	event: {
		id: string;
		title: { text: string };
		summary: { text: string };
		location: string;
		startsAt: string;
		endsAt: string;
	},
	pageUrl: string,
	host: string
): CalendarEvent {
	return {
		uid: `${event.id}@${host}`,
		title: event.title.text,
		description: `${event.summary.text}\n\n${pageUrl}`,
		location: event.location,
		url: pageUrl,
		startsAt: event.startsAt,
		endsAt: event.endsAt
	};
}

export const ICS_HEADERS = {
	'content-type': 'text/calendar; charset=utf-8',
	'cache-control': 'public, max-age=300'
};
