// orgweb's own server (scripts/serve.js), started through this file so that the bench's
// process has a command line of its own: a `pkill -f scripts/serve.js` run elsewhere on the
// machine (seen during development) must not stop a measurement half-way.
await import('../../scripts/serve.js');
