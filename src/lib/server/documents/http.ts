// What the document routes answer for a refused upload: the error envelope with the refusal's
// code, and a sentence an admin can act on.
import { errorResponse } from '../http/errors';
import type { RefusalCode } from '../files';
import type { DocumentRefusal } from '.';

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

export function fileRefused(code: RefusalCode): Response {
	return errorResponse(code === 'too_large' ? 413 : 400, {
		error: code === 'too_large' ? 'Payload too large' : 'Validation failed',
		code: `file_${code}`,
		details: [{ path: ['file'], message: FILE_REFUSALS[code] ?? 'The file was refused.' }]
	});
}
