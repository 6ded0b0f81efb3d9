// `migrate`: every command migrates first; this one only reports what that applied.
import type { Command } from '../command.ts';

export const migrateCommand: Command = {
  words: ['migrate'],
  synopsis: '',
  summary: 'apply pending database migrations',
  options: {},
  positionals: [],
  async prepare() {
    return async ({ appliedMigrations }) => ({
      json: { applied: appliedMigrations },
      lines:
        appliedMigrations.length === 0
          ? ['database is up to date: no migrations to apply']
          : appliedMigrations.map((name) => `applied ${name}`),
    });
  },
};
