// What a public page reads alike for everyone (the campuses, the home page's next events, news and
// products, the events list, an event), kept per locale and arguments for a few seconds: a
// signed-in member's page, which the page cache never keeps, then reads only the member's own part.
// Nothing here depends on who asks. Cleared on the page cache's signal (a write that changes what
// a public page shows, in this process or another); the time to live bounds what no write
// announces (time passing: an event starting).
import type { Locale } from '$lib/i18n';
import type { EventFilter } from './queries';
import type { contentService } from './index';

export interface KeptReadsOptions {
	ttlMs: number;
	/** Bounded: a filter in the address makes as many keys as someone cares to type. */
	maxEntries?: number;
	/** Asked before each read: whether someone else changed the data since it was last asked. */
	changedElsewhere?: () => boolean;
}

export function keptReads({ ttlMs, maxEntries = 200, changedElsewhere }: KeptReadsOptions) {
	const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

	function clear() {
		entries.clear();
	}

	return {
		/**
		 * The value kept under `key`, else `compute()`'s, kept. Readers who ask while it is computed
		 * share it; a failure or a clear() while it is computed keeps nothing.
		 */
		read<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
			if (ttlMs <= 0) return compute();
			if (changedElsewhere?.()) clear();
			const hit = entries.get(key);
			if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
			if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
			const value = compute();
			const entry = { value, expiresAt: now + ttlMs };
			entries.set(key, entry);
			value.catch(() => {
				if (entries.get(key) === entry) entries.delete(key);
			});
			return value;
		},
		clear
	};
}

export type KeptReads = ReturnType<typeof keptReads>;

type ContentService = ReturnType<typeof contentService>;

/** The content service with its public reads kept (at the current time: no `now` to pass). */
export function keptContent(content: ContentService, kept: KeptReads) {
	return {
		...content,
		campuses: () => kept.read('campuses', () => content.campuses()),
		home: (locale: Locale, campusId?: string) =>
			kept.read(`home\n${locale}\n${campusId ?? ''}`, () => content.home(locale, campusId)),
		events: (locale: Locale, filter: EventFilter) =>
			kept.read(`events\n${locale}\n${JSON.stringify(filter)}`, () =>
				content.events(locale, filter)
			),
		event: (locale: Locale, id: string) =>
			kept.read(`event\n${locale}\n${id}`, () => content.event(locale, id))
	};
}
