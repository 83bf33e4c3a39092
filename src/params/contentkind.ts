import type { ParamMatcher } from '@sveltejs/kit';
import { CONTENT_KINDS } from '$lib/admin/nav';

export const match: ParamMatcher = (param) => (CONTENT_KINDS as readonly string[]).includes(param);
