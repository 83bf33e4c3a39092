import { describe, expect, it } from 'vitest';
import { adminContext, currentUser, userContext } from './context';

describe('data-access identity', () => {
	it('using the administrative identity for a user lookup yields no user', () => {
		expect(currentUser(adminContext('callback'))).toBeNull();
	});

	it('a user context yields the caller', () => {
		const user = { id: 'u1', email: 'a@example.org', name: 'A', isAnonymous: false };
		expect(currentUser(userContext(user, 's1'))).toBe(user);
		expect(currentUser(userContext(null, null))).toBeNull();
	});
});
