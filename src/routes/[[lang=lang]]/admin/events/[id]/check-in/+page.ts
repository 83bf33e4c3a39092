// The one admin page that runs in the browser: the camera, and the check-ins kept while offline.
export const csr = true;
