// The admin area is plain HTML forms: it works without JavaScript by design, and sends none, so
// its forms' code never weighs on the public pages' shared runtime.
export const csr = false;
