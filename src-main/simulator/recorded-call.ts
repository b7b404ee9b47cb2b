/**
 * One recorded shop call as bytes, the form a world's traffic log keeps it in until it is first read:
 * its numbers, then the byte length of each text, then the texts as UTF-8. Bytes in a slab are outside the
 * JS heap, so ten thousand kept calls cost the garbage collector nothing (shop-capture.ts says why that
 * matters); they are read back whole, once.
 */

export const HAS_ANSWER = 1;
export const HAS_BODY = 2;
export const BODY_TRUNCATED = 4;
/** The request's headers are Node's headers object as JSON, not packed (packed-headers.ts). */
export const HEADERS_AS_JSON = 8;
// Which nullable texts are present: written by this module from the call itself.
const HAS_FAULT = 16;
const HAS_ANSWER_HEADERS = 32;

/** What a recorded call holds as text; `headers` is packed (or JSON), `answerHeaders` is JSON. */
export interface CallTexts {
  method: string;
  fault: string | null;
  path: string;
  headers: string;
  answer: string | null;
  answerHeaders: string | null;
}

export interface CallNumbers {
  /** Wall clock at arrival (ms). */
  receivedAt: number;
  /** The world's clock at arrival (ms). */
  worldMs: number;
  durationMs: number;
  status: number;
  /** BODY_TRUNCATED, HEADERS_AS_JSON; read back with HAS_ANSWER and HAS_BODY too. */
  flags: number;
}

export interface RecordedCall extends CallTexts, CallNumbers {
  body: string | null;
}

// receivedAt, worldMs, durationMs (float64), status (uint16), flags (uint8), then seven uint32 lengths.
const LENGTHS_AT = 8 * 3 + 2 + 1;
const TEXT_COUNT = 7;
const TEXTS_AT = LENGTHS_AT + 4 * TEXT_COUNT;

/** The bytes `writeRecordedCall` needs for this call with a body of `bodyBytes`. */
export function recordedCallSize(texts: CallTexts, bodyBytes: number): number {
  return (
    TEXTS_AT +
    Buffer.byteLength(texts.method) +
    Buffer.byteLength(texts.fault ?? '') +
    Buffer.byteLength(texts.path) +
    Buffer.byteLength(texts.headers) +
    bodyBytes +
    Buffer.byteLength(texts.answer ?? '') +
    Buffer.byteLength(texts.answerHeaders ?? '')
  );
}

/**
 * Writes the call into `target` (exactly `recordedCallSize` bytes); the body is the chunks as they came,
 * `bodyBytes` of them. Returns the bytes of body and answer (the traffic log's byte budget counts those).
 */
export function writeRecordedCall(
  target: Buffer,
  texts: CallTexts,
  chunks: readonly Buffer[] | null,
  bodyBytes: number,
  numbers: CallNumbers,
): number {
  target.writeDoubleLE(numbers.receivedAt, 0);
  target.writeDoubleLE(numbers.worldMs, 8);
  target.writeDoubleLE(numbers.durationMs, 16);
  target.writeUInt16LE(numbers.status, 24);
  const flags =
    numbers.flags |
    (texts.answer !== null ? HAS_ANSWER : 0) |
    (chunks !== null ? HAS_BODY : 0) |
    (texts.fault !== null ? HAS_FAULT : 0) |
    (texts.answerHeaders !== null ? HAS_ANSWER_HEADERS : 0);
  target.writeUInt8(flags, 26);
  let at = TEXTS_AT;
  let slot = LENGTHS_AT;
  const text = (value: string | null) => {
    const written = value ? target.write(value, at) : 0;
    target.writeUInt32LE(written, slot);
    at += written;
    slot += 4;
    return written;
  };
  text(texts.method);
  text(texts.fault);
  text(texts.path);
  text(texts.headers);
  for (const chunk of chunks ?? []) at += chunk.copy(target, at);
  target.writeUInt32LE(bodyBytes, slot);
  slot += 4;
  const answerBytes = text(texts.answer);
  text(texts.answerHeaders);
  return bodyBytes + answerBytes;
}

/** The call `writeRecordedCall` wrote into `bytes`. */
export function readRecordedCall(bytes: Buffer): RecordedCall {
  const flags = bytes.readUInt8(26);
  let at = TEXTS_AT;
  let slot = LENGTHS_AT;
  const next = () => {
    const length = bytes.readUInt32LE(slot);
    const value = bytes.toString('utf8', at, at + length);
    at += length;
    slot += 4;
    return value;
  };
  const method = next();
  const fault = next();
  const path = next();
  const headers = next();
  const body = next();
  const answer = next();
  const answerHeaders = next();
  return {
    receivedAt: bytes.readDoubleLE(0),
    worldMs: bytes.readDoubleLE(8),
    durationMs: bytes.readDoubleLE(16),
    status: bytes.readUInt16LE(24),
    flags: flags & (HAS_ANSWER | HAS_BODY | BODY_TRUNCATED | HEADERS_AS_JSON),
    method,
    fault: flags & HAS_FAULT ? fault : null,
    path,
    headers,
    body: flags & HAS_BODY ? body : null,
    answer: flags & HAS_ANSWER ? answer : null,
    answerHeaders: flags & HAS_ANSWER_HEADERS ? answerHeaders : null,
  };
}
