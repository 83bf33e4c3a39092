import type { ParamMatcher } from '@sveltejs/kit';
import { isStaticPage } from '$lib/pages';

export const match: ParamMatcher = (param) => isStaticPage(param);
