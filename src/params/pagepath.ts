import type { ParamMatcher } from '@sveltejs/kit';
import { isPagePath } from '$lib/paths';

export const match: ParamMatcher = (param) => isPagePath(`/${param}`);
