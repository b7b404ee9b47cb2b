/**
 * Reads one JSON object `{ "a": …, "list": [ … ], … }` arriving in pieces, without ever holding the
 * whole text: the elements of the arrays named in `streamed` are handed over one by one as they
 * complete (as text, for the caller to JSON.parse); every other top-level field is parsed and handed
 * over whole. Used by the history import, whose files reach hundreds of megabytes. It checks only the
 * structure it needs (brackets, strings, commas at the top two levels); JSON.parse checks the rest.
 */
export interface JsonStreamSink {
  field(name: string, value: unknown): void;
  element(array: string, text: string): void;
}

export class JsonStreamError extends Error {}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;
const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

type State =
  | 'start' // before the opening {
  | 'key' // inside the object, waiting for a key or }
  | 'colon' // after a key
  | 'value' // after the colon, waiting for the value's first character
  | 'after-value' // after a value, waiting for , or }
  | 'array' // inside a streamed array, waiting for an element or ]
  | 'after-element' // after an element, waiting for , or ]
  | 'end';

export class JsonStreamReader {
  private state: State = 'start';
  private key = '';
  /** The text of the key, value or element being read, and where it started in the current piece. */
  private pending = '';
  private capturing: 'key' | 'value' | 'element' | null = null;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private arrayName = '';

  constructor(
    private readonly streamed: ReadonlySet<string>,
    private readonly sink: JsonStreamSink,
  ) {}

  /** Feeds the next piece of text. */
  push(piece: string): void {
    let captureFrom = this.capturing ? 0 : -1;
    for (let i = 0; i < piece.length; i += 1) {
      const code = piece.charCodeAt(i);
      if (this.capturing) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (code === BACKSLASH) this.escaped = true;
          else if (code === QUOTE) {
            this.inString = false;
            if (this.capturing === 'key') {
              this.key = JSON.parse(this.pending + piece.slice(captureFrom, i + 1)) as string;
              this.finishCapture();
              this.state = 'colon';
              continue;
            }
            if (this.depth === 0) {
              this.complete(this.pending + piece.slice(captureFrom, i + 1));
              continue;
            }
          }
          continue;
        }
        if (code === QUOTE) {
          this.inString = true;
          continue;
        }
        if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          this.depth += 1;
          continue;
        }
        if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (this.depth > 0) {
            this.depth -= 1;
            if (this.depth === 0) this.complete(this.pending + piece.slice(captureFrom, i + 1));
            continue;
          }
          // A scalar ended by the enclosing object's } or array's ]: not part of the value.
          this.complete(this.pending + piece.slice(captureFrom, i));
          i -= 1;
          continue;
        }
        if (this.depth === 0 && (code === COMMA || isSpace(code))) {
          this.complete(this.pending + piece.slice(captureFrom, i));
          i -= 1;
        }
        continue;
      }
      if (isSpace(code)) continue;
      switch (this.state) {
        case 'start':
          if (code !== OPEN_BRACE) throw new JsonStreamError('The file does not start with a JSON object.');
          this.state = 'key';
          break;
        case 'key':
          if (code === CLOSE_BRACE) this.state = 'end';
          else if (code === QUOTE) {
            this.beginCapture('key', code);
            captureFrom = i;
          } else throw new JsonStreamError(`Unexpected "${String.fromCharCode(code)}" where a field name belongs.`);
          break;
        case 'colon':
          if (code !== COLON) throw new JsonStreamError(`Expected ":" after "${this.key}".`);
          this.state = 'value';
          break;
        case 'value':
          if (code === OPEN_BRACKET && this.streamed.has(this.key)) {
            this.arrayName = this.key;
            this.state = 'array';
          } else {
            this.beginCapture('value', code);
            captureFrom = i;
          }
          break;
        case 'after-value':
          if (code === COMMA) this.state = 'key';
          else if (code === CLOSE_BRACE) this.state = 'end';
          else throw new JsonStreamError(`Expected "," or "}" after "${this.key}".`);
          break;
        case 'array':
          if (code === CLOSE_BRACKET) this.state = 'after-value';
          else {
            this.beginCapture('element', code);
            captureFrom = i;
          }
          break;
        case 'after-element':
          if (code === COMMA) this.state = 'array';
          else if (code === CLOSE_BRACKET) this.state = 'after-value';
          else throw new JsonStreamError(`Expected "," or "]" between the elements of "${this.arrayName}".`);
          break;
        case 'end':
          throw new JsonStreamError('Unexpected text after the end of the JSON object.');
      }
    }
    if (this.capturing) this.pending += piece.slice(captureFrom);
  }

  /** Says the text is over; throws when it ended in the middle. */
  end(): void {
    if (this.capturing === 'value' && this.depth === 0 && !this.inString && this.pending.trim()) {
      this.complete(this.pending);
    }
    if (this.state !== 'end') throw new JsonStreamError('The file ends before its JSON object does (truncated?).');
  }

  private beginCapture(kind: 'key' | 'value' | 'element', first: number): void {
    this.capturing = kind;
    this.pending = '';
    this.depth = first === OPEN_BRACE || first === OPEN_BRACKET ? 1 : 0;
    this.inString = first === QUOTE;
    this.escaped = false;
  }

  private finishCapture(): void {
    this.capturing = null;
    this.pending = '';
  }

  private complete(text: string): void {
    const kind = this.capturing;
    this.finishCapture();
    if (kind === 'element') {
      this.sink.element(this.arrayName, text);
      this.state = 'after-element';
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new JsonStreamError(`The value of "${this.key}" is not valid JSON: ${(error as Error).message}`);
    }
    this.sink.field(this.key, value);
    this.state = 'after-value';
  }
}
