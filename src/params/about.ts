import type { ParamMatcher } from '@sveltejs/kit';
import { isAboutSection } from '$lib/pages';

export const match: ParamMatcher = (param) => isAboutSection(param);
