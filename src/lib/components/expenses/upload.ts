// What the claim form knows of a receipt being uploaded with JavaScript, per line.
export interface LineUpload {
	name?: string;
	/** 0..1 while the upload runs; undefined otherwise. */
	progress?: number;
	error?: string;
	xhr?: XMLHttpRequest;
	/** Which pick this is: an answer for an earlier one is dropped. */
	ticket?: number;
}
