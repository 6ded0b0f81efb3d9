// `clients remove`: deletes a client with every connection users made to it; its tokens stop
// working as soon as servers see the change.
import { removeClient } from '../../clients/client-registry.ts';
import type { Command } from '../command.ts';

export const clientsRemove: Command = {
  words: ['clients', 'remove'],
  synopsis: 'CLIENT_ID',
  summary: 'remove a client, with its installations and permissions',
  options: {},
  positionals: ['CLIENT_ID'],
  async prepare(args) {
    const clientId = args.positionals[0] ?? '';
    return async ({ db, feed }) => {
      await removeClient(db, feed, clientId);
      return { json: { removed: clientId }, lines: [`removed client ${clientId} with its installations and permissions`] };
    };
  },
};
