// `resource-servers add`: registers an API server that introspects and revokes tokens with
// its own client credentials.
import { registerResourceServer } from '../../clients/client-registry.ts';
import { requiredString, type Command } from '../command.ts';
import { describeSecret } from './describe-secret.ts';

export const resourceServersAdd: Command = {
  words: ['resource-servers', 'add'],
  synopsis: '--name N',
  summary: 'register a resource server (introspection and revocation credentials)',
  options: { name: { type: 'string' } },
  positionals: [],
  async prepare(args) {
    const name = requiredString(args, 'name');
    return async ({ db, feed }) => {
      const server = await registerResourceServer(db, feed, { name });
      return { json: server, lines: [`registered resource server "${name}"`, ...describeSecret(server)] };
    };
  },
};
