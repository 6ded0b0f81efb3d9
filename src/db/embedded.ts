// The embedded default: PGlite keeps its data in DATA_DIR and is served over a unix socket,
// so the server, the CLI and the tests all reach it through `pg`, one SQL code path.
// PGlite cannot open a data directory from two processes: whoever finds a live socket connects
// to it; only when nobody serves the directory does a process start PGlite itself.
import { mkdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Connections the socket server multiplexes; PGlite still runs one transaction at a time. */
const MAX_SOCKET_CONNECTIONS = 20;

export interface EmbeddedDatabase {
  /** The `pg` connection string to the socket. */
  readonly url: string;
  /** Stops the socket server and PGlite when this process started them; no-op otherwise. */
  stop(): Promise<void>;
}

export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // pg finds a unix socket as <host>/.s.PGSQL.<port>.
  const socketPath = join(dataDir, '.s.PGSQL.5432');
  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dataDir)}`;
  if (await isSocketServed(socketPath)) return { url, stop: async () => {} };

  await rm(socketPath, { force: true }); // a stale socket left by a process that died
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: MAX_SOCKET_CONNECTIONS });
  await server.start();
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

function isSocketServed(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}
