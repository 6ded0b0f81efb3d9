import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { securityHeaders } from './security-headers.ts';

async function serve(app: Koa): Promise<{ url: string; close(): void }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

test('an error that escapes to Koa\'s own handler keeps the security headers and is not cached', async (t) => {
  const app = new Koa();
  app.silent = true;
  app.use(securityHeaders({ https: true }));
  app.use(() => {
    throw Object.assign(new Error('boom'), { headers: { 'X-Own': 'kept' } });
  });
  const { url, close } = await serve(app);
  t.after(close);
  const response = await fetch(url);
  assert.equal(response.status, 500);
  assert.equal(await response.text(), 'Internal Server Error', 'no detail');
  assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  assert.equal(response.headers.get('x-frame-options'), 'DENY');
  assert.equal(response.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('x-own'), 'kept');
});
