// The personal calendar feed's address: its token is 256 random bits in base64url (43 characters).
// Anything else cannot be a feed's, and is answered as an unknown one (404), not as a bad request.
import { z } from 'zod';

export const CalendarFeedToken = z
	.string()
	.regex(/^[A-Za-z0-9_-]{43}$/)
	.describe('The secret of the feed’s address, as the profile showed it');
