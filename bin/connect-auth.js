#!/usr/bin/env node
// The `connect-auth` operator CLI. Plain JavaScript so `npx connect-auth` starts on any Node;
// the CLI itself is TypeScript that Node runs natively (type stripping, Node 22.18+ or 24).
if (!process.features.typescript) {
  console.error(
    `connect-auth needs Node.js 24 (it runs TypeScript natively); this is ${process.version}.\n` +
      'Run it with `npx connect-auth` or `node_modules/.bin/node bin/connect-auth.js`.',
  );
  process.exit(1);
}
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
