// When content is public: not a draft, and its publication time (if it has one) has come. The one
// rule for every public reader (pages, search, sitemap, feeds, the assistant) and the admin's
// state labels. A scheduled item turns public by time alone: the page cache keeps a page at most
// PAGE_CACHE_SECONDS, the assistant's index at most ASSISTANT_INDEX_MAX_AGE_SECONDS.
import { sql, type Expression, type SqlBool } from 'kysely';

export type PublishedTable = 'events' | 'news' | 'jobs' | 'projects' | 'pages' | 'units';

export type PublicationState = 'draft' | 'scheduled' | 'published';

/** The SQL condition: rows of `table` the public may see at `now` (an ISO instant). */
export function isPublic(table: PublishedTable, now: string): Expression<SqlBool> {
	const draft = sql.ref(`${table}.draft`);
	const at = sql.ref(`${table}.published_at`);
	return sql<SqlBool>`(${draft} = 0 and (${at} is null or ${at} <= ${now}))`;
}

export function publicationState(
	row: { draft: number; published_at: string | null },
	now: Date
): PublicationState {
	if (row.draft) return 'draft';
	if (row.published_at && row.published_at > now.toISOString()) return 'scheduled';
	return 'published';
}
