import { describe, expect, it } from 'vitest';
import { CallbackBody, sessionIdOf } from './payments';

const idOf = (body: unknown) => sessionIdOf(CallbackBody.parse(body));

describe('callback session id', () => {
	it('takes the first present of sessionId, checkoutSessionId, session.sessionId, reference', () => {
		expect(
			idOf({ sessionId: 'a', checkoutSessionId: 'b', session: { sessionId: 'c' }, reference: 'd' })
		).toBe('a');
		expect(idOf({ checkoutSessionId: 'b', session: { sessionId: 'c' }, reference: 'd' })).toBe('b');
		expect(idOf({ session: { sessionId: 'c' }, reference: 'd' })).toBe('c');
		expect(idOf({ reference: 'd' })).toBe('d');
		expect(idOf({ state: 'AUTHORIZED' })).toBeUndefined();
	});

	it('keeps the provider fields it does not read', () => {
		expect(CallbackBody.parse({ reference: 'd', sessionState: 'PaymentSuccessful' })).toMatchObject(
			{
				sessionState: 'PaymentSuccessful'
			}
		);
	});
});
