// `clients add --homepage-uri --logo-uri`: who is asking, shown on the consent page. The logo
// is fetched once (here from a loopback server standing in for the integration's site).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findClientLogo, findClientRecord, listClients } from '../../src/clients/client-registry.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { TINY_PNG } from '../helpers/flow.ts';
import { cliWith, type Cli } from './run-cli.ts';

let db: TestDatabase;
let cli: Cli;
let site: Server;
let siteUrl: string;

before(async () => {
  db = await openTestDatabase();
  cli = cliWith({ ...process.env, ...db.env });
  site = createServer((req, res) => {
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    if (req.url === '/logo.svg') return res.writeHead(200, { 'content-type': 'image/png' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([TINY_PNG, Buffer.alloc(300 * 1024)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
after(async () => {
  site?.close();
  await db?.close();
});

const add = (...extra: string[]) => ['clients', 'add', '--name', 'Budget App', '--redirect-uri', 'https://budget.example.com/cb', ...extra];

test('the homepage is stored and the logo fetched once, stored with its sniffed type', async () => {
  const { client_id: id } = await cli.json(add('--homepage-uri', 'https://budget.example.com', '--logo-uri', `${siteUrl}/logo.png`));
  const record = await findClientRecord(db.pool, id);
  assert.equal(record?.homepageUri, 'https://budget.example.com');
  assert.equal(record?.hasLogo, true);
  const logo = await findClientLogo(db.pool, id);
  assert.equal(logo?.type, 'image/png');
  assert.ok(logo?.bytes.equals(TINY_PNG));
});

test('a logo that is not a raster image, too large, missing or unsafe is refused and nothing is registered', async () => {
  const before = (await listClients(db.pool)).length;
  await cli.fail(add('--logo-uri', `${siteUrl}/logo.svg`), 1, 'invalid_logo');
  await cli.fail(add('--logo-uri', `${siteUrl}/huge.png`), 1, 'invalid_logo');
  await cli.fail(add('--logo-uri', `${siteUrl}/missing.png`), 1, 'invalid_logo');
  await cli.fail(add('--logo-uri', 'http://logos.example.com/logo.png'), 1, 'invalid_logo');
  assert.equal((await listClients(db.pool)).length, before);
});

test('a homepage over plain http on a public host is refused', async () => {
  await cli.fail(add('--homepage-uri', 'http://budget.example.com'), 1, 'invalid_homepage_uri');
});
