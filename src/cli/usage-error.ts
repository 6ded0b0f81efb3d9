// Bad usage of the CLI itself (unknown command or option, a required option missing): the
// command never ran. It exits with status 2, as getopt-style tools do, distinct from status 1
// for a command that ran and failed.
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
