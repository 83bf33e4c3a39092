// The minimal SvelteKit reference: the project's own SvelteKit, Svelte, Vite and adapter-node
// (resolved from the project's node_modules), nothing else.
import adapter from '@sveltejs/adapter-node';

export default { kit: { adapter: adapter({ out: 'build' }) } };
