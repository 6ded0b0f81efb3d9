// `purge`: what the server's hourly schedule does, on demand: permanently deletes the
// connections deleted 30 days ago or more, with their tokens. `--now` purges every deleted
// connection whatever its age, for an erasure request that cannot wait.
import { purgeDeletedConnections, PURGE_AFTER_DAYS } from '../../connections/purge.ts';
import { openArtifactStorage } from '../../oidc/artifact-storage.ts';
import { flag, type Command } from '../command.ts';

export const purgeCommand: Command = {
  words: ['purge'],
  synopsis: '[--now]',
  summary: `permanently delete connections deleted ${PURGE_AFTER_DAYS}+ days ago (--now: every deleted connection)`,
  options: { now: { type: 'boolean' } },
  positionals: [],
  async prepare(args) {
    const now = flag(args, 'now');
    return async ({ pool, config, feed }) => {
      const storage = openArtifactStorage(config, pool, feed);
      try {
        const purged = await purgeDeletedConnections({ pool, storage, feed }, { olderThanDays: now ? 'all' : PURGE_AFTER_DAYS });
        const which = now ? 'deleted' : `deleted ${PURGE_AFTER_DAYS}+ days ago`;
        return { json: { purged }, lines: [`purged ${purged} connection(s) ${which}`] };
      } finally {
        await storage.close();
      }
    };
  },
};
