// What the claim form's page needs besides its zod schema, without importing zod: a value
// imported from the schema module would bring all of zod into the browser (about 30 kB gzip).
import type { ClaimLineForm } from '$lib/schemas/expense-form';

export const emptyLine = (kind: 'receipt' | 'mileage', date = ''): ClaimLineForm => ({
	kind,
	date,
	merchant: '',
	description: '',
	amount: '',
	currency: 'NOK',
	originalAmount: '',
	fileId: '',
	fileName: '',
	fileType: '',
	from: '',
	to: '',
	km: ''
});

/**
 * What a post or an autosave had wrong, in the order of the form: the field's path
 * (`lines[0].date`), the error as shown by the field, and the field's name for the summary
 * ("Receipt 1, date"; empty for the form as a whole).
 */
export type Problems = [path: string, text: string, label: string][];

/** What the upload action answers for one received file. */
export interface UploadedFile {
	id: string;
	name: string;
	mimeType: string;
	size: number;
	thumbnail: boolean;
}

export const RECEIPT_ACCEPT =
	'application/pdf,image/jpeg,image/png,image/heic,image/heif,image/webp';

export interface FormOptions {
	campuses: { id: string; name: string }[];
	units: { id: string; campusId: string; name: string }[];
	events: { id: string; campusId: string; title: string; date: string }[];
	projects: { id: string; title: string }[];
	/** Mileage allowance per km (øre), to show the rate and the computed amount. */
	mileageRateOre: number;
	/** The "suggest description" button calls an assistant endpoint that does not exist yet. */
	assistant: boolean;
	today: string;
}
