import { marksPage } from '$lib/server/web/attendance';
import type { PageServerLoad } from './$types';

// The member's marks, their reasons and expiry dates, and what the active ones mean now.
export const load: PageServerLoad = (event) => marksPage(event);
