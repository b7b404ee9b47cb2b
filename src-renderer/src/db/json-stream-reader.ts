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

/** What broke, by id and parameters: the renderer words it in the user's language (i18n/import-error.ts). */
export const JSON_STREAM_ERRORS = {
  notObject: () => 'The file does not start with a JSON object.',
  unexpectedChar: (p: { char: string }) => `Unexpected "${p.char}" where a field name belongs.`,
  expectedColon: (p: { key: string }) => `Expected ":" after "${p.key}".`,
  expectedCommaBrace: (p: { key: string }) => `Expected "," or "}" after "${p.key}".`,
  expectedCommaBracket: (p: { key: string }) => `Expected "," or "]" between the elements of "${p.key}".`,
  textAfterEnd: () => 'Unexpected text after the end of the JSON object.',
  truncated: () => 'The file ends before its JSON object does (truncated?).',
  invalidValue: (p: { key: string; error: string }) => `The value of "${p.key}" is not valid JSON: ${p.error}`,
} as const;
export type JsonStreamErrorId = keyof typeof JSON_STREAM_ERRORS;

/** `message` is English (node-side benchmarks and logs); `id` + `params` are what a screen translates. */
export class JsonStreamError extends Error {
  constructor(
    readonly id: JsonStreamErrorId,
    readonly params: Record<string, string> = {},
  ) {
    super((JSON_STREAM_ERRORS[id] as (p: Record<string, string>) => string)(params));
  }
}

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
          if (code !== OPEN_BRACE) throw new JsonStreamError('notObject');
          this.state = 'key';
          break;
        case 'key':
          if (code === CLOSE_BRACE) this.state = 'end';
          else if (code === QUOTE) {
            this.beginCapture('key', code);
            captureFrom = i;
          } else throw new JsonStreamError('unexpectedChar', { char: String.fromCharCode(code) });
          break;
        case 'colon':
          if (code !== COLON) throw new JsonStreamError('expectedColon', { key: this.key });
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
          else throw new JsonStreamError('expectedCommaBrace', { key: this.key });
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
          else throw new JsonStreamError('expectedCommaBracket', { key: this.arrayName });
          break;
        case 'end':
          throw new JsonStreamError('textAfterEnd');
      }
    }
    if (this.capturing) this.pending += piece.slice(captureFrom);
  }

  /** Says the text is over; throws when it ended in the middle. */
  end(): void {
    if (this.capturing === 'value' && this.depth === 0 && !this.inString && this.pending.trim()) {
      this.complete(this.pending);
    }
    if (this.state !== 'end') throw new JsonStreamError('truncated');
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
      throw new JsonStreamError('invalidValue', { key: this.key, error: (error as Error).message });
    }
    this.sink.field(this.key, value);
    this.state = 'after-value';
  }
}
