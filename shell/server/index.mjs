// shell/server: the shell's HTTP server as `npm start` and the end-to-end tests run it (plain Node, no build step).
// Drawing a page is the built server module (src/server/, built to dist-server/), which pages.mjs loads.
export { closeGracefully, createOperations, operationsSettings } from './operations.mjs';
export { shellPages } from './pages.mjs';
export { contentSecurityPolicy, securityHeaders } from './security-headers.mjs';
export { createShellServer, shellDocuments } from './shell-server.mjs';
