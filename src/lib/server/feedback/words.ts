// Event feedback's words that leave the site as a file: the results' spreadsheet header.

export type FeedbackLocale = 'no' | 'en';

const CSV_HEADER: Record<FeedbackLocale, string[]> = {
	no: ['Vurdering (1–5)', 'Kommentar'],
	en: ['Rating (1–5)', 'Comment']
};

export const feedbackFileHeader = (locale: FeedbackLocale) => CSV_HEADER[locale];
