// The one admin page that runs in the browser (the camera, the check-ins kept while offline). Its
// component, +page@[[lang=lang]].svelte, sits under the site's layout, not the admin area's: a
// phone at the door gets the door first, and the area's layout stays server-rendered only (the
// build's stub for admin pages, vite.config.ts, takes only +page.svelte).
export const csr = true;
