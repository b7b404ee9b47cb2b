/**
 * One `gateway-console <command>`. Its own module so each command can name the type without
 * importing run-cli.ts, which imports every command (that would be an import cycle).
 */
export interface CliCommand {
  /** One line for the usage list. */
  summary: string;
  /** Runs the command with the arguments after its name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}
