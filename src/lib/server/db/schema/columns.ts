// The column groups several content and shop tables share.
import type { Generated } from 'kysely';

export type Localized<K extends string> = { [P in `${K}_no` | `${K}_en`]: string };

/** What the admin publishes (migration 015): a draft is not public; nor is it before published_at. */
export type Publishable = { draft: Generated<number>; published_at: string | null };
/** Raised by every change; an edit made on an older version is refused (migration 015). */
export type Versioned = { version: Generated<number> };
/** An uploaded image (the files port) and its alt text per locale (migration 015). */
export type WithImage = {
	image_file_id: string | null;
	image_alt_no: string | null;
	image_alt_en: string | null;
};
