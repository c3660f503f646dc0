import { parseArgs, type ParseArgsConfig } from 'node:util';

/** How an option is written, as the `arg` package spells it: `--name VALUE` (String), repeated ([String]), a flag (Boolean). */
export type OptionKind = StringConstructor | readonly [StringConstructor] | BooleanConstructor;

type OptionValues<Options extends Record<string, OptionKind>> = {
  [Name in keyof Options]?: Options[Name] extends BooleanConstructor
    ? boolean
    : Options[Name] extends readonly [StringConstructor]
      ? string[]
      : string;
};

/**
 * A command's arguments refused: the runner writes `avs COMMAND: MESSAGE` (without a message, the command's usage
 * line) and exits 2.
 */
export class CommandUsageError extends Error {}

/** A command that could not do what was asked: the runner writes `avs COMMAND: MESSAGE` and exits 1. */
export class CommandFailure extends Error {}

/** The options and positional arguments, parsed strictly; a CommandUsageError for anything else. */
export function commandArguments<const Options extends Record<string, OptionKind>>(
  args: string[],
  options: Options,
): { values: OptionValues<Options>; positionals: string[] } {
  return parseStrictly(args, options, true);
}

/**
 * `ACTION [ARGUMENT…] [--json]`: the action, one of `actions` (else a usage error), its positional arguments and
 * --json. `isArgument` picks out the arguments never to read as options (an id that may begin with '-').
 */
export function actionArguments<const Action extends string>(
  args: string[],
  actions: readonly Action[],
  isArgument: (arg: string) => boolean = () => false,
): { action: Action; positionals: string[]; json: boolean | undefined } {
  const [action, ...rest] = args;
  const parsed = commandArguments(
    rest.filter((arg) => !isArgument(arg)),
    { json: Boolean },
  );
  if (!actions.some((one) => one === action)) throw new CommandUsageError();
  return {
    action: action as Action,
    positionals: [...rest.filter(isArgument), ...parsed.positionals],
    json: parsed.values.json,
  };
}

/** The options, parsed strictly, for a command that takes no positional argument. */
export function commandOptions<const Options extends Record<string, OptionKind>>(
  args: string[],
  options: Options,
): OptionValues<Options> {
  return parseStrictly(args, options, false).values;
}

function parseStrictly<Options extends Record<string, OptionKind>>(
  args: string[],
  options: Options,
  allowPositionals: boolean,
): { values: OptionValues<Options>; positionals: string[] } {
  const config: ParseArgsConfig['options'] = Object.fromEntries(
    Object.entries(options).map(([name, kind]) => [
      name,
      Array.isArray(kind)
        ? { type: 'string', multiple: true }
        : { type: kind === Boolean ? 'boolean' : 'string' },
    ]),
  );
  try {
    const parsed = parseArgs({ args, options: config, strict: true, allowPositionals });
    return { values: parsed.values as OptionValues<Options>, positionals: parsed.positionals };
  } catch (error) {
    throw new CommandUsageError((error as Error).message);
  }
}
