// Ends oidc-provider's session of this browser, the state that lets an authorization skip the
// password, when the person signs out at /account: signing out means signed out everywhere
// here, and the next authorization asks for the password again. The library's own way out is
// RP-initiated logout, which an integration has to start and which this server does not offer.
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { cookieOptions } from './cookies.ts';
import type { Config } from '../config.ts';

export async function endProviderSession(ctx: Context, provider: Provider, config: Config): Promise<void> {
  const name = provider.cookieName('session');
  const id = ctx.cookies.get(name, { signed: true });
  if (!id) return;
  const session = await provider.Session.find(id);
  await session?.destroy();
  ctx.cookies.set(name, null, cookieOptions(config).long);
}
