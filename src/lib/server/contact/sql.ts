import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { ContactStore } from './types';

export function sqlContactStore(db: Db): ContactStore {
	return {
		async insert(message, at) {
			const id = randomUUID();
			await db
				.insertInto('contact_messages')
				.values({ id, ...message, created_at: at, mail_id: null })
				.execute();
			return id;
		},
		async linkMail(id, mailId) {
			await db
				.updateTable('contact_messages')
				.set({ mail_id: mailId })
				.where('id', '=', id)
				.execute();
		}
	};
}
