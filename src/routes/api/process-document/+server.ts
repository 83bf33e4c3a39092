import { json } from '@sveltejs/kit';
import { services } from '$lib/server/app';
import { documentRefused, fileRefused, readDocumentUpload } from '$lib/server/web/documents';
import { FileRefused } from '$lib/server/files';
import { errorResponse, toErrorResponse } from '$lib/server/web/errors';
import type { RequestHandler } from './$types';

// A document for the assistant: multipart with `file` (PDF, Word, text or Markdown, by its bytes)
// and optional `title`, `unitId` and `locale`. Admins, and a unit's leaders for their unit. The
// permission is checked before the upload is kept; a document whose text cannot be taken leaves
// nothing behind.
export const POST: RequestHandler = async ({ request, locals }) => {
	const user = locals.user;
	if (!user || user.isAnonymous) return errorResponse(401, { error: 'Unauthorized' });
	const upload = await readDocumentUpload(request);
	if (upload instanceof Response) return upload;
	const { file, fields } = upload;
	const { files, documents, roles } = services();
	const ctx = locals.caller;
	try {
		const unitId = fields.unitId ?? null;
		if (!(await roles.can(ctx, { action: 'manage-documents', unitId }))) {
			return errorResponse(403, { error: 'Forbidden' });
		}
		let stored;
		try {
			stored = await files.accept({
				ownerId: user.id,
				purpose: 'document',
				bytes: Buffer.from(await file.arrayBuffer()),
				name: file.name
			});
		} catch (failure) {
			if (failure instanceof FileRefused) return fileRefused(failure.code);
			throw failure;
		}
		const added = await documents.add(ctx, { fileId: stored.id, ...fields });
		if (!added.ok) return documentRefused(added.reason);
		const { id, title, passages, characters } = added.document;
		return json({ documentId: id, title, passages, characters }, { status: 201 });
	} catch (error) {
		return toErrorResponse(error, locals.requestId);
	}
};
