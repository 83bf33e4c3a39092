// The minimal Next.js reference. Built in bench/.next-ref (where next, react and react-dom are
// installed on first run), so the workspace root is that folder, not the project above it.
const root = process.cwd();

export default { turbopack: { root }, outputFileTracingRoot: root };
