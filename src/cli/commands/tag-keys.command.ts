import {
  listTagKeyVersionSummaries,
  rotateTagKeys,
  type TagKeyVersionSummary,
} from '../../modules/tags/tag-keys.service.js';
import type { CliCommand } from '../cli-command.js';
import { actionArguments, CommandUsageError } from '../command-arguments.js';

function describe(summary: TagKeyVersionSummary): string {
  return `version ${summary.version}  created ${summary.created_at}`;
}

/** `avs tag-keys list|rotate [--json]`: the versions of the NFC tag master key (docs/tags.md); never a key. */
export const tagKeysCommand: CliCommand = {
  usage: 'list|rotate [--json]',
  summary: 'List the NFC tag key versions, or rotate to a new version for new tag bindings',
  database: 'yes',
  async run(args, context) {
    const { action, positionals, json } = actionArguments(args, ['list', 'rotate']);
    if (positionals.length !== 0) throw new CommandUsageError();
    if (action === 'list') {
      const versions = await context.withDatabase(listTagKeyVersionSummaries);
      context.print(
        json,
        { data: versions },
        versions.length === 0
          ? '(none: version 1 is made when the first tag is bound)'
          : versions.map(describe).join('\n'),
      );
      return 0;
    }
    const version = await context.withDatabase((db) => rotateTagKeys(db, context.config.AVS_MASTER_KEY));
    context.print(
      json,
      { version },
      `New tag key version ${version}: tags bound from now on get its keys; tags bound earlier keep theirs and still verify.`,
    );
    return 0;
  },
};
