// The suggested description of a claim line from its receipts: the caller's own receipt uploads
// (by id, or posted with the request and kept through the files port as the claim form keeps
// them) read (PDF text layer or OCR), their facts found, and one line written — by the model when
// one is configured and answers, otherwise by the local description. The member edits it either
// way. Receipts of which none says anything are refused, and the ones posted for it are not kept.
import type { z } from 'zod';
import type { DescriptionResponse } from '$lib/schemas/assistant';
import { descriptionFromReply, descriptionMessages } from '../assistant/prompt';
import { ModelUnavailable, type ModelClient } from '../assistant/model';
import { FileRefused, type FilesService, type RefusalCode } from '../files';
import { log, errorFields } from '../log';
import {
	suggestFromReceipts,
	type Locale,
	type OcrService,
	type ReceiptFacts,
	type UnreadReason
} from '.';

/** What the route answers (its wire shape is the one source of this type). */
export type Suggestion = z.infer<typeof DescriptionResponse>;

export type SuggestOutcome =
	| { ok: true; suggestion: Suggestion }
	/** An id that is not a receipt the caller uploaded (the same answer as one that does not exist). */
	| { ok: false; reason: 'not_found' }
	/** Not one of the receipts says anything a receipt says; each one's reason, by its place. */
	| { ok: false; reason: 'nothing_read'; unread: { index: number; reason: UnreadReason }[] }
	/** The files port refused the posted file at `index`. */
	| { ok: false; reason: 'file_refused'; index: number; code: RefusalCode };

export interface ReceiptUpload {
	bytes: Buffer;
	/** As the client sent it (the files port keeps it sanitised). */
	name: string;
}

export function receiptSuggestions(deps: {
	files: FilesService;
	ocr: OcrService;
	model: ModelClient | null;
}) {
	const remove = (ids: string[]) =>
		Promise.all(ids.map((id) => deps.files.delete(id).catch(() => {})));

	async function suggest(
		userId: string,
		fileIds: string[],
		locale: Locale
	): Promise<SuggestOutcome> {
		const receipts = [];
		for (const id of fileIds) {
			const served = await deps.files.read(id, { readerId: userId });
			if (!served || served.file.purpose !== 'receipt') return { ok: false, reason: 'not_found' };
			receipts.push({ mimeType: served.file.mimeType, bytes: served.body });
		}
		const read = await suggestFromReceipts(deps.ocr, receipts, locale);
		if (read.facts.length === 0 || read.description === null) {
			return { ok: false, reason: 'nothing_read', unread: read.unread };
		}
		const local: Suggestion = {
			description: read.description,
			items: read.items.map((item) => ({
				...(item.date ? { date: item.date } : {}),
				...(item.amountOre !== undefined ? { amount: (item.amountOre / 100).toFixed(2) } : {}),
				...(item.merchant ? { merchant: item.merchant } : {})
			})),
			by: 'local',
			unread: read.unread.map((u) => ({ fileId: fileIds[u.index]!, reason: u.reason })),
			fileIds
		};
		return { ok: true, suggestion: await byModel(local, read.facts, locale) };
	}

	/** The model's line in place of the local one, when a model is configured and answers. */
	async function byModel(
		local: Suggestion,
		facts: ReceiptFacts[],
		locale: Locale
	): Promise<Suggestion> {
		if (!deps.model) return local;
		try {
			const reply = await deps.model.complete(
				descriptionMessages({
					locale,
					receipts: facts.map((f) => ({
						merchant: f.merchant ?? undefined,
						date: f.date ?? undefined,
						amount: f.totalOre ?? undefined,
						items: f.items.map((i) => i.text)
					}))
				})
			);
			const description = descriptionFromReply(reply);
			return description ? { ...local, description, by: 'model' } : local;
		} catch (failure) {
			if (!(failure instanceof ModelUnavailable)) throw failure;
			log.warn('receipt description: model unavailable, described locally', errorFields(failure));
			return local;
		}
	}

	return {
		/** A description from the caller's own receipt uploads `fileIds`. */
		suggest,

		/**
		 * A description from receipts posted with the request. Each is kept through the files port
		 * as the claim form's uploads are (the caller's, purpose receipt: the form attaches them to
		 * a line, and the cleanup removes those no claim takes); when one is refused, nothing is
		 * read, or anything fails, none of them is kept.
		 */
		async suggestFromUploads(
			userId: string,
			uploads: ReceiptUpload[],
			locale: Locale
		): Promise<SuggestOutcome> {
			const kept: string[] = [];
			try {
				for (const [index, upload] of uploads.entries()) {
					try {
						const stored = await deps.files.accept({
							ownerId: userId,
							purpose: 'receipt',
							bytes: upload.bytes,
							name: upload.name
						});
						kept.push(stored.id);
					} catch (failure) {
						if (!(failure instanceof FileRefused)) throw failure;
						await remove(kept);
						return { ok: false, reason: 'file_refused', index, code: failure.code };
					}
				}
				const outcome = await suggest(userId, kept, locale);
				if (!outcome.ok) await remove(kept);
				return outcome;
			} catch (failure) {
				await remove(kept);
				throw failure;
			}
		}
	};
}
