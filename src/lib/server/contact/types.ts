// The contact port: where submitted messages are kept.
export interface ContactMessage {
	name: string;
	email: string;
	subject: string;
	message: string;
	locale: string;
}

export interface ContactStore {
	/** Stores a message and returns its id. */
	insert(message: ContactMessage, at: string): Promise<string>;
	/** Links a stored message to the mail that announced it. */
	linkMail(id: string, mailId: string): Promise<void>;
}
