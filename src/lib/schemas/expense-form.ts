// The claim form as the page holds it: every field a string, as typed, so that a failed post
// shows back exactly what was sent. The domain (expenses/input.ts) checks it; this only shapes it.
import { z } from 'zod';

// No length limits here: a post is read whole into the form and shown back; the domain's schema
// refuses what is too long with a message on the field (and the body limit bounds it all).
const field = () => z.string().default('');

export const ClaimLineForm = z.object({
	kind: z.enum(['receipt', 'mileage']).catch('receipt'),
	date: field(),
	merchant: field(),
	description: field(),
	amount: field(),
	currency: z.string().default('NOK'),
	originalAmount: field(),
	/** A receipt already received (this post or an earlier one); never asked for again. */
	fileId: field(),
	/** Filled in by the server from the files port, for "received: name.jpg". */
	fileName: field(),
	fileType: field(),
	from: field(),
	to: field(),
	km: field()
});
export type ClaimLineForm = z.infer<typeof ClaimLineForm>;

export const ClaimForm = z.object({
	/** The claim version the form was made from (0: a new claim). */
	version: z.coerce.number().int().min(0).catch(0),
	campusId: field(),
	unitId: field(),
	/** `event:<id>`, `project:<id>` or empty. */
	link: field(),
	purpose: field(),
	payoutAccount: field(),
	advance: field(),
	lines: z.array(ClaimLineForm).default([])
});
export type ClaimForm = z.infer<typeof ClaimForm>;

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
