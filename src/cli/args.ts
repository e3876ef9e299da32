/**
 * Command-line parsing. Every option is `--name value` or `--name=value`, with
 * `-` and `_` interchangeable in the name; a bare `--flag` means "1", which is
 * how the API spells an enabled switch.
 */
export class UsageError extends Error {}

export interface ParsedArgs {
  command: string | undefined;
  options: Record<string, string>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  // Option names are user text: a null-prototype object has no "__proto__" or "constructor" to collide with.
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith('--') || token === '--') throw new UsageError(`Unexpected argument ${JSON.stringify(token)}.`);
    const eq = token.indexOf('=');
    const name = (eq === -1 ? token.slice(2) : token.slice(2, eq)).replaceAll('-', '_');
    let value: string;
    if (eq !== -1) value = token.slice(eq + 1);
    else if (i + 1 < rest.length && !rest[i + 1]!.startsWith('--')) value = rest[++i]!;
    else value = '1';
    if (name in options) throw new UsageError(`--${name} is given twice.`);
    options[name] = value;
  }
  return { command, options };
}

/** Removes and returns a CLI-only option, leaving the rest as API parameters. */
export function takeOption(options: Record<string, string>, name: string): string | undefined {
  const value = options[name];
  delete options[name];
  return value;
}

/** A comma-separated CLI option as a list, empty when absent. */
export function takeList(options: Record<string, string>, name: string): string[] {
  return (takeOption(options, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Misuse: `command` was given options it does not take. */
export function refuseUnknown(command: string, names: readonly string[]): void {
  if (names.length > 0) throw new UsageError(`${command} does not take --${names.join(', --')} (oralis ${command} --help lists what it takes).`);
}

/**
 * Shells cannot easily pass a newline inside an argument, yet multiple-choice
 * options are newline-separated: `\n` written literally in --text or --word
 * stands for one.
 */
export function unescapeNewlines(value: string): string {
  return value.replaceAll('\\n', '\n');
}
