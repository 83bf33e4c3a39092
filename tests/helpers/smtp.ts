// A real SMTP server on a free local port (smtp-server, from nodemailer's authors), for tests that
// send mail through the SMTP transport: what it received, envelope and raw message. With
// `refuseRecipients` it refuses every recipient, quoting the address as a real server does.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtp {
	url: string;
	received: { from: string; to: string[]; data: string }[];
	close(): Promise<void>;
}

export async function localSmtp(options: { refuseRecipients?: boolean } = {}): Promise<LocalSmtp> {
	const received: LocalSmtp['received'] = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		// The client is this machine: a reverse DNS lookup per connection only waits on a resolver
		// (seconds each without one), which a bench of 2,000 connections would mostly measure.
		disableReverseLookup: true,
		onRcptTo(address, _session, done) {
			if (options.refuseRecipients) done(new Error(`<${address.address}>: mailbox unavailable`));
			else done();
		},
		onData(stream, session, done) {
			let data = '';
			stream.on('data', (c: Buffer) => (data += c.toString()));
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					data
				});
				done();
			});
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.server.address() as AddressInfo;
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		close: () =>
			server.server.listening
				? new Promise<void>((resolve) => server.close(() => resolve()))
				: Promise.resolve()
	};
}
