// `npm start`: load the configuration, start the server, print how to try it, stop cleanly
// on SIGINT/SIGTERM.
import { loadConfig, ConfigError } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts';

const MIN_NODE_MAJOR = 22;

async function main(): Promise<void> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) {
    throw new ConfigError('node', `${process.version} is too old: oidc-provider 9 needs Node ${MIN_NODE_MAJOR}+ (run through npm, which uses the pinned Node 24)`);
  }
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`connect-auth listening on ${server.url} (issuer ${config.issuer})`);
  console.log(`database: ${server.database.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}; artifacts: ${config.redisUrl ? 'Redis' : 'PostgreSQL table'}`);
  printDemo(server);
  stopOnSignal(server);
}

function printDemo(server: RunningServer): void {
  if (!server.demo) return;
  console.log(`
Try it:
  1. Open ${server.demo.authorizationUrl}
  2. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}, choose portfolios, approve.
  3. The callback page shows the code and this exchange, filled in:
     ${server.demo.curlFor('<code>').replaceAll('\n', '\n     ')}
`);
}

function stopOnSignal(server: RunningServer): void {
  const stop = (signal: string) => {
    console.log(`${signal}: shutting down`);
    server.close().then(() => process.exit(0), (error: Error) => {
      console.error('shutdown failed:', error.message);
      process.exit(1);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
