// The claim form as the page holds it: every field a string, as typed, so that a failed post
// shows back exactly what was sent. The domain (expenses/input.ts) checks it; this only shapes it.
import { z } from 'zod';

const field = (max: number) => z.string().max(max).default('');

export const ClaimLineForm = z.object({
	kind: z.enum(['receipt', 'mileage']).default('receipt'),
	date: field(20),
	merchant: field(200),
	description: field(500),
	amount: field(40),
	currency: field(3).default('NOK'),
	originalAmount: field(40),
	/** A receipt already received (this post or an earlier one); never asked for again. */
	fileId: field(200),
	/** Filled in by the server from the files port, for "received: name.jpg". */
	fileName: field(300),
	fileType: field(100),
	from: field(200),
	to: field(200),
	km: field(20)
});
export type ClaimLineForm = z.infer<typeof ClaimLineForm>;

export const ClaimForm = z.object({
	/** The claim version the form was made from (0: a new claim). */
	version: z.coerce.number().int().min(0).default(0),
	campusId: field(100),
	unitId: field(100),
	/** `event:<id>`, `project:<id>` or empty. */
	link: field(120),
	purpose: field(500),
	payoutAccount: field(64),
	advance: field(40),
	lines: z.array(ClaimLineForm).max(50).default([])
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
