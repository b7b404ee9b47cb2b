/**
 * The one log sink of the main process. Everything logged goes through `redactText` first, so a token
 * that slipped into an error message is masked before it reaches a terminal or a log file; then through
 * the terminal-safe printer, because messages quote outside text (a profiles file, a simulator state file,
 * an error from a peer) and a log line must not clear the screen, write the clipboard or add a line.
 */
import { terminalLine } from './terminal-text';
import { redactText } from './redact-text';

type Level = 'info' | 'warn' | 'error';

const write = (level: Level, message: string, error?: unknown): void => {
  if (process.env.GATEWAY_CONSOLE_QUIET === '1' && level !== 'error') return;
  const suffix = error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
  const line = terminalLine(redactText(`[${level}] ${message}${suffix}`));
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
};

export const logger = {
  info: (message: string) => write('info', message),
  warn: (message: string, error?: unknown) => write('warn', message, error),
  error: (message: string, error?: unknown) => write('error', message, error),
};
