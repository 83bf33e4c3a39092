// The contact form. Error messages are codes; the page turns them into text in its language.
import { z } from 'zod';
import { CONTACT_LIMITS } from './limits';

export const ContactForm = z.object({
	name: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
	email: z
		.string()
		.trim()
		.max(200, { error: 'too_long' })
		.pipe(z.email({ error: 'email_invalid' })),
	subject: z.string().trim().min(1, { error: 'required' }).max(150, { error: 'too_long' }),
	message: z.string().trim().min(10, { error: 'too_short' }).max(5000, { error: 'too_long' }),
	/** The honeypot: hidden from people, filled in by form-filling bots. */
	website: z.string().max(500).default('')
});
export type ContactForm = z.infer<typeof ContactForm>;

export { CONTACT_LIMITS };
