// The receipt-description route's request and refusals: JSON with the ids of receipts uploaded
// already, or multipart/form-data with the receipts themselves, each checked with its zod schema;
// and for a refused one the error envelope with a code and, per receipt, why.
import { DescriptionRequest, DescriptionUpload, type UnreadReason } from '$lib/schemas/assistant';
import type { z } from 'zod';
import type { RefusalCode } from '../files';
import { fileRefusedResponse } from './files';
import { errorResponse, validationFailed } from './errors';
import { readFormBody } from './form-body';
import { readJsonBody } from './json-body';
import type { Locale } from '../receipts';
import type { ReceiptUpload, SuggestOutcome } from '../receipts/suggest';

export type DescriptionAsked = { locale?: Locale } & (
	{ fileIds: string[] } | { uploads: ReceiptUpload[] }
);

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

/** The request of POST /api/expense/generate-description, or the 400 that says why not. */
export async function readDescriptionRequest(
	request: Request
): Promise<DescriptionAsked | Response> {
	if (!MULTIPART.test(request.headers.get('content-type') ?? '')) {
		return readJsonBody(request, DescriptionRequest);
	}
	const form = await readFormBody(request);
	if (form instanceof Response) return form;
	const locale = form.get('locale');
	const parsed = DescriptionUpload.safeParse({
		files: form.getAll('files'),
		// An empty field is an absent one.
		locale: typeof locale === 'string' && locale.trim() === '' ? undefined : (locale ?? undefined)
	});
	if (!parsed.success) return validationFailed(parsed.error);
	const uploads = await Promise.all(
		parsed.data.files.map(async (file) => ({
			bytes: Buffer.from(await file.arrayBuffer()),
			name: file.name
		}))
	);
	return { uploads, locale: parsed.data.locale };
}

const UNREAD: Record<z.infer<typeof UnreadReason>, string> = {
	not_a_receipt:
		'No date, total or priced line was found: this does not look like a receipt (a photo of something else, or a blank page?).',
	no_text_layer:
		'The PDF has no text layer (a scan?). Scanned PDFs are not read; send a photo of the receipt or a PDF with text.',
	unreadable: 'The file could not be read.',
	ocr_timeout: 'Reading the photo took longer than the time limit.',
	unsupported_type: 'Only PDF receipts and photos (JPEG, PNG, WebP, HEIC) are read.'
};

const FILE_REFUSALS: Partial<Record<RefusalCode, string>> = {
	empty: 'The file is empty.',
	too_large: 'The file is larger than the configured limit.',
	unsupported_type: 'Receipts are PDF, JPEG, PNG, WebP or HEIC files, decided by their content.',
	polyglot: 'The file is of two types at once and is not accepted.',
	unsafe_pdf: 'PDFs with scripts, actions, attachments or encryption are not accepted.',
	unreadable: 'The file is damaged or cut off.',
	image_too_large: 'The image has more pixels than accepted.'
};

/**
 * The answer to a refused suggestion: an id that is not the caller's receipt is 404 (whatever it
 * is); a refused file is its files-port code; receipts of which none says anything are 400
 * `no_receipt_text`, each with its reason at its place in `field`.
 */
export function descriptionRefused(
	outcome: Exclude<SuggestOutcome, { ok: true }>,
	field: 'files' | 'fileIds'
): Response {
	if (outcome.reason === 'not_found') return errorResponse(404, { error: 'Not found' });
	if (outcome.reason === 'file_refused') {
		return fileRefusedResponse(outcome.code, ['files', outcome.index], FILE_REFUSALS);
	}
	return errorResponse(400, {
		error: 'Validation failed',
		code: 'no_receipt_text',
		details: outcome.unread.map((u) => ({
			path: [field, u.index],
			reason: u.reason,
			message: UNREAD[u.reason]
		}))
	});
}
