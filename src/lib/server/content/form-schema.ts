// The content form's fields as zod schemas, made from the field list (content-fields.ts): each
// field's text in, its column's value out (kroner to øre, Oslo time to UTC, blank to null), and a
// code for what is wrong that the form words (admin_error_<code>). What spans fields (a title in
// one language at least, an end after the start) and the image's alt texts are the editor's.
import { z } from 'zod';
import type { FieldDef } from '$lib/admin/content-fields';
import { fromOsloInput } from './oslo-time';
import { SLUG_MAX, SLUG_PATTERN } from '$lib/slug';

const LIMITS: Partial<Record<FieldDef['type'], number>> = {
	line: 200,
	text: 2000,
	markdown: 50_000,
	url: 500
};
const MONEY = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** A text field's value, checked and converted; '' (blank) is null, or '' for localized text. */
export function fieldSchema(field: FieldDef) {
	const limit = LIMITS[field.type];
	const base = z
		.string()
		.default('')
		.transform((v) => v.trim())
		.refine((v) => !limit || v.length <= limit, 'too_long');
	if (field.localized) return base;
	const blank = field.name === 'sort' ? 0 : null;
	const converted = base.transform((v, ctx): string | number | null => {
		if (v === '') return blank;
		const fail = (code: string) => {
			ctx.addIssue({ code: 'custom', message: code });
			return z.NEVER;
		};
		switch (field.type) {
			case 'datetime':
				return fromOsloInput(v) ?? fail('datetime');
			case 'date':
				return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : fail('date');
			case 'money': {
				const m = MONEY.exec(v.replace(/\s/g, ''));
				return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : fail('money');
			}
			case 'int':
				return /^\d{1,6}$/.test(v) ? Number(v) : fail('int');
			case 'url':
				return /^https?:\/\/\S+$/i.test(v) && URL.canParse(v) ? v : fail('url');
			case 'slug':
				return SLUG_PATTERN.test(v) && v.length <= SLUG_MAX ? v : fail('slug');
			default:
				return v;
		}
	});
	return field.required && field.type !== 'slug'
		? converted.refine((v) => v !== null, 'required')
		: converted;
}

/**
 * Whether and when a record is public: draft, published now, or scheduled for a time after `now`
 * (given in Oslo time).
 */
export function publicationSchema(now: Date) {
	return z
		.object({
			publication: z.enum(['draft', 'published', 'scheduled'], { message: 'required' }),
			publish_at: z.string().default('')
		})
		.transform((p, ctx) => {
			if (p.publication !== 'scheduled') return { publication: p.publication, publishAt: null };
			const at = fromOsloInput(p.publish_at);
			if (!at || at <= now.toISOString()) {
				ctx.addIssue({
					code: 'custom',
					path: ['publish_at'],
					message: at ? 'in_the_past' : 'datetime'
				});
				return z.NEVER;
			}
			return { publication: p.publication, publishAt: at };
		});
}

/** A field's first problem as a code the form words; 'invalid' for what no code names. */
export function issueCode(error: z.ZodError): { path: string | null; code: string } {
	const issue = error.issues[0]!;
	return {
		path: issue.path.length ? String(issue.path[0]) : null,
		code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid'
	};
}
