// The document routes' request and refusals: the upload read and checked, and for a refused one
// the error envelope with the refusal's code and a sentence an admin can act on.
import { ProcessDocumentFields } from '$lib/schemas/documents';
import type { z } from 'zod';
import { errorResponse, validationFailed } from './errors';
import { readFormBody } from './form-body';
import type { RefusalCode } from '../files';
import { fileRefusedResponse } from './files';
import type { DocumentRefusal } from '../documents';

const REFUSALS: Record<DocumentRefusal, string> = {
	no_text_layer:
		'The PDF has no text layer (a scan?). Scanned documents are not read; upload a PDF with text, or the text itself.',
	unreadable: 'The file could not be read.',
	too_long: 'The document is longer than the configured limit (pages or characters).',
	empty: 'The document holds no text.',
	invalid: 'The fields are not valid.',
	file_not_found: 'No such upload.',
	unit_not_found: 'No such unit.'
};

const FILE_REFUSALS: Partial<Record<RefusalCode, string>> = {
	too_large: 'The file is larger than the configured limit.',
	unsupported_type: 'Only PDF, Word (.docx), plain text and Markdown documents are read.',
	unsafe_document: 'Word documents with macros, or encrypted ones, are not accepted.'
};

export function documentRefused(reason: DocumentRefusal): Response {
	const path = reason === 'unit_not_found' ? ['unitId'] : ['file'];
	return errorResponse(400, {
		error: 'Validation failed',
		code: reason,
		details: [{ path, message: REFUSALS[reason] }]
	});
}

export const fileRefused = (code: RefusalCode): Response =>
	fileRefusedResponse(code, ['file'], FILE_REFUSALS);

/** The upload of POST /api/process-document: its file and fields, or the 400 that says why not. */
export async function readDocumentUpload(
	request: Request
): Promise<{ file: File; fields: z.infer<typeof ProcessDocumentFields> } | Response> {
	const form = await readFormBody(request);
	if (form instanceof Response) return form;
	// An empty field is an absent one.
	const text = (name: string) => {
		const value = form.get(name);
		return typeof value === 'string' && value.trim() !== '' ? value : undefined;
	};
	const fields = ProcessDocumentFields.safeParse({
		title: text('title'),
		unitId: text('unitId'),
		locale: text('locale')
	});
	if (!fields.success) return validationFailed(fields.error);
	const file = form.get('file');
	if (!(file instanceof File) || file.size === 0) {
		return errorResponse(400, {
			error: 'Validation failed',
			details: [{ path: ['file'], message: 'A file is required' }]
		});
	}
	return { file, fields: fields.data };
}
