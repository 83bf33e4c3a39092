// The part of oidc-provider's API the OpenID Connect tests use (the package ships no types).
declare module 'oidc-provider' {
	import type { IncomingMessage, ServerResponse } from 'node:http';

	interface Account {
		accountId: string;
		claims(): Promise<Record<string, unknown> & { sub: string }>;
	}

	interface Configuration {
		clients?: Record<string, unknown>[];
		claims?: Record<string, string[]>;
		cookies?: { keys: string[] };
		pkce?: { required: () => boolean };
		findAccount?(ctx: unknown, id: string): Promise<Account | undefined>;
	}

	export default class Provider {
		constructor(issuer: string, configuration?: Configuration);
		callback(): (req: IncomingMessage, res: ServerResponse) => void;
	}
}
