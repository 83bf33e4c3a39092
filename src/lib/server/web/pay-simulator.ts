// The payment simulator's hosted page (/dev/pay/{sessionId}): off (404) unless the simulator is
// the enabled provider. Approve or cancel in the one form shape: the hooks to send are read from
// the post, the session decided once (a second decision is refused, 409), the callbacks sent as
// the provider would, and the buyer sent back to the shop.
import { error, fail, redirect, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { SimulatorDecisionForm } from '$lib/schemas/payments';
import { services } from '../app';
import { NotFound } from '../errors';
import { sendSimulatorCallbacks } from '../payments/simulator-page';
import { formAction, zodPost } from './form-action';

export function simulatorOr404() {
	const { simulator } = services();
	if (!simulator) error(404, 'Not found');
	return simulator;
}

export function simulatorDecisionAction(decision: 'AUTHORIZED' | 'ABORTED') {
	return (event: RequestEvent<{ sessionId: string }>) => {
		const simulator = simulatorOr404();
		return formAction(event, {
			read: zodPost(SimulatorDecisionForm, () => fail(400, { invalid: true })),
			async run(hooks: z.infer<typeof SimulatorDecisionForm>) {
				const session = await simulator.session(event.params.sessionId);
				// Gone meanwhile: the 404 page, as for one never there.
				if (!session) throw new NotFound('Not found');
				if (!(await simulator.decide(session.id, decision))) return { decided: false } as const;
				const origin = services().config.PUBLIC_ORIGIN ?? event.url.origin;
				const callbackUrl = `${origin}/api/payment/simulator/callback`;
				await sendSimulatorCallbacks(simulator, session.id, callbackUrl, hooks);
				return { decided: true, returnUrl: session.returnUrl } as const;
			},
			answer(result) {
				if (!result.decided) return fail(409, { decided: true });
				redirect(303, result.returnUrl);
			}
		});
	};
}
