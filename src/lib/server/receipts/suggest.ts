// The suggested description of a claim line from its receipts: the caller's own receipt uploads
// read (PDF text layer or OCR), their facts found, and one line written — by the model when one is
// configured and answers, otherwise by the local description. The member edits it either way.
import { descriptionFromReply, descriptionMessages } from '../assistant/prompt';
import { ModelUnavailable, type ModelClient } from '../assistant/model';
import type { FilesService } from '../files';
import { log, errorFields } from '../log';
import { suggestFromReceipts, type Locale, type OcrService } from '.';

export interface Suggestion {
	description: string | null;
	items: { date?: string; amount?: string; merchant?: string }[];
	/** Who wrote the description. */
	by: 'model' | 'local';
	/** The receipts that could not be read, by their place in the request, and why. */
	unread: { fileId: string; reason: string }[];
}

export function receiptSuggestions(deps: {
	files: FilesService;
	ocr: OcrService;
	model: ModelClient | null;
}) {
	return {
		/**
		 * A description from the caller's own receipts `fileIds`; null when one of them is not a
		 * receipt the caller uploaded (the same answer as for one that does not exist).
		 */
		async suggest(userId: string, fileIds: string[], locale: Locale): Promise<Suggestion | null> {
			const receipts = [];
			for (const id of fileIds) {
				const served = await deps.files.read(id, { readerId: userId });
				if (!served || served.file.purpose !== 'receipt') return null;
				receipts.push({ mimeType: served.file.mimeType, bytes: served.body });
			}
			const read = await suggestFromReceipts(deps.ocr, receipts, locale);
			const local: Suggestion = {
				description: read.description,
				items: read.items.map((item) => ({
					...(item.date ? { date: item.date } : {}),
					...(item.amountOre !== undefined ? { amount: (item.amountOre / 100).toFixed(2) } : {}),
					...(item.merchant ? { merchant: item.merchant } : {})
				})),
				by: 'local',
				unread: read.unread.map((u) => ({ fileId: fileIds[u.index]!, reason: u.reason }))
			};
			if (!deps.model || read.facts.length === 0) return local;
			try {
				const reply = await deps.model.complete(
					descriptionMessages({
						locale,
						receipts: read.facts.map((f) => ({
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
	};
}
