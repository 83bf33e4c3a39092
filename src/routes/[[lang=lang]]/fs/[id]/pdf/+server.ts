import { error } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { claimPdfFor } from '$lib/server/expenses/pdf/input';
import { contentDisposition } from '$lib/server/files/disposition';
import type { RequestHandler } from './$types';

// The claim as one PDF for accounting, in the page's locale, for whoever may see the claim's page
// (the hook has already sent anyone without an account to sign in); 404 for everyone else.
export const GET: RequestHandler = async ({ locals, params }) => {
	const ctx = locals.caller;
	const found = await claimPdfFor(services(), ctx, params.id, locals.locale);
	if (!found) error(404, 'Not found');
	return new Response(found.pdf as Uint8Array<ArrayBuffer>, {
		headers: {
			'content-type': 'application/pdf',
			'content-length': String(found.pdf.byteLength),
			'content-disposition': contentDisposition('attachment', found.filename),
			'x-content-type-options': 'nosniff',
			'cache-control': 'private, no-store'
		}
	});
};
