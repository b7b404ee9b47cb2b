/**
 * Reads one line typed at the terminal without echoing it (a passphrase), the way `sudo` and `ssh` ask:
 * the prompt goes to stderr so stdout stays the command's result. Ctrl+C or Ctrl+D on an empty line
 * cancel (null). Only for a terminal: a pipe has no raw mode and its passphrase comes from a file or
 * the environment instead.
 */
export interface RawInput {
  isRaw?: boolean;
  setRawMode(raw: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  resume(): unknown;
  pause(): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  off(event: 'data', listener: (chunk: string) => void): unknown;
}

const ENTER = new Set(['\r', '\n']);
const CANCEL = '\u0003';
const END_OF_INPUT = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);
const ESCAPE = '\u001b';

export function readHiddenLine(
  question: string,
  input: RawInput,
  output: { write(text: string): unknown },
): Promise<string | null> {
  return new Promise((resolve) => {
    const wasRaw = input.isRaw === true;
    // Kept as code points so a backspace removes a whole character, not half of a surrogate pair.
    const typed: string[] = [];
    const finish = (value: string | null) => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      resolve(value);
    };
    // An arrow or function key arrives as ESC [ … final-letter: skipped whole, never part of the passphrase.
    let escape: 'none' | 'started' | 'sequence' = 'none';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (escape === 'started') {
          escape = character === '[' || character === 'O' ? 'sequence' : 'none';
          continue;
        }
        if (escape === 'sequence') {
          if (character >= '@' && character <= '~') escape = 'none';
          continue;
        }
        if (character === ESCAPE) {
          escape = 'started';
          continue;
        }
        if (ENTER.has(character)) return finish(typed.join(''));
        if (character === CANCEL || (character === END_OF_INPUT && typed.length === 0)) return finish(null);
        if (BACKSPACE.has(character)) typed.pop();
        // Other control characters are not part of a passphrase.
        else if (character >= ' ' && character !== '\u007f') typed.push(character);
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
