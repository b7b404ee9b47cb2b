import type { Exchange, GatewayOperation } from '@shared/exchange';
import { canonicaliseOrderSpelling } from '@shared/gateway/spelling';
import { validateOrder } from '@shared/gateway/order-schema';
import { describeIssues, GatewayRequestError } from './errors';
import { toMbwayPhone } from './phone';
import { CallRedactor } from './redaction';
import type { RequestSender } from './request-sender';

/** Everything the SDK needs to talk to one gateway as one merchant (a profile with its secrets). */
export interface GatewayConnection {
  profileId: string | null;
  baseUrl: string;
  pathPrefix: string;
  version: string;
  variant: 'A' | 'B';
  terminalId: string;
  clientIdHeader: string;
  bearerToken: string | null;
  clientId: string | null;
}

export interface CallResult {
  /** Redacted: safe to hand to the renderer, store, log and export. */
  exchange: Exchange;
  /** The parsed answer with secrets masked, or null when it was not JSON. */
  response: unknown;
}

export interface CreateOrderResult extends CallResult {
  /** Kept by main for the follow-up calls; never leaves main. */
  transactionSignature: string | null;
  merchantTransactionId: string | null;
  amount: number | null;
  currency: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Typed endpoints of the gateway interface (spec: Endpoints). Each method validates before sending
 * (a request that fails validation is not sent), builds the auth headers the spec names for that call,
 * and hands the call to the one RequestSender.
 */
export class GatewayClient {
  /**
   * The request headers of recent calls by their Authorization value: the same connection sends the same
   * headers call after call, so one frozen object is reused and its masked form computed once
   * (CallRedactor.headers). Bounded: cleared when full (Digest signatures differ per transaction).
   */
  private readonly headerSets = new Map<
    string,
    { clientIdHeader: string; clientId: string | null; headers: Readonly<Record<string, string>> }
  >();

  constructor(private readonly sender: RequestSender) {}

  /**
   * `validate: false` sends the order as given so the gateway's own validation can be tested; the
   * caller (GatewayService) allows it only on Sandbox and test profiles.
   */
  async createOrder(
    connection: GatewayConnection,
    order: unknown,
    options: { validate?: boolean } = {},
  ): Promise<CreateOrderResult> {
    const body = withTerminal(canonicaliseOrderSpelling(order), connection.terminalId);
    const validation = options.validate === false ? unvalidated(body) : validateOrder(connection.variant, body);
    if (!validation.ok)
      throw new GatewayRequestError(
        'invalid-request',
        `The order was not sent: ${describeIssues(validation.issues)}`,
        validation.issues,
      );
    const merchantTransactionId = validation.order.merchant.merchantTransactionId;
    const result = await this.call(connection, {
      operation: 'createOrder',
      method: 'POST',
      path: '/payments',
      authorization: `Bearer ${requireSecret(connection.bearerToken, 'bearer token')}`,
      body,
      merchantTransactionId,
    });
    const raw = isObject(result.rawBody) ? result.rawBody : {};
    const signature = raw.transactionSignature;
    return {
      exchange: result.exchange,
      response: result.response,
      transactionSignature:
        result.exchange.classification === 'ok' && typeof signature === 'string' && signature ? signature : null,
      merchantTransactionId,
      amount: validation.order.transaction.amount.value,
      currency: validation.order.transaction.amount.currency,
    };
  }

  async generateReference(
    connection: GatewayConnection,
    transactionId: string,
    signature: string,
  ): Promise<CallResult> {
    return this.call(connection, {
      operation: 'generateReference',
      method: 'POST',
      path: `/payments/${encodeURIComponent(transactionId)}/service-reference/generate`,
      authorization: `Digest ${requireSecret(signature, 'transaction signature')}`,
      // gateway-behaviour.md: an empty object; the reference limits came with the create request.
      body: {},
      transactionID: transactionId,
      signatures: [signature],
    });
  }

  async mbwayPurchase(
    connection: GatewayConnection,
    transactionId: string,
    signature: string,
    phone: string,
  ): Promise<CallResult> {
    const parsed = toMbwayPhone(phone);
    if (!parsed.ok)
      throw new GatewayRequestError('invalid-request', `The MB WAY request was not sent: ${parsed.message}`, [
        { path: 'customerPhone', message: parsed.message },
      ]);
    return this.call(connection, {
      operation: 'mbwayPurchase',
      method: 'POST',
      path: `/payments/${encodeURIComponent(transactionId)}/mbway-id/purchase`,
      authorization: `Digest ${requireSecret(signature, 'transaction signature')}`,
      body: { customerPhone: parsed.value },
      transactionID: transactionId,
      signatures: [signature],
    });
  }

  async getStatus(connection: GatewayConnection, transactionId: string): Promise<CallResult> {
    return this.call(connection, {
      operation: 'getStatus',
      method: 'GET',
      path: `/payments/${encodeURIComponent(transactionId)}/status`,
      authorization: `Bearer ${requireSecret(connection.bearerToken, 'bearer token')}`,
      transactionID: transactionId,
    });
  }

  /**
   * Sends an actionResponse's params to its url. The url comes from a gateway answer, so credentials
   * are attached only when it points at the profile's own gateway origin — never to a third party.
   */
  async performAction(
    connection: GatewayConnection,
    action: {
      transactionId: string;
      url: string;
      params: Array<{ name: string; value: string }>;
      signature: string | null;
    },
  ): Promise<CallResult> {
    let target: URL;
    try {
      target = new URL(action.url);
    } catch {
      throw new GatewayRequestError('invalid-request', `The action was not sent: url "${action.url}" is not a URL.`, [
        { path: 'url', message: 'is not an absolute URL' },
      ]);
    }
    if (!/^https?:$/.test(target.protocol))
      throw new GatewayRequestError('invalid-request', 'The action was not sent: url must be http or https.', [
        { path: 'url', message: 'must be http or https' },
      ]);
    const sameGateway = target.origin === new URL(connection.baseUrl).origin;
    return this.call(connection, {
      operation: 'performAction',
      method: 'POST',
      url: target.toString(),
      authorization: sameGateway && action.signature ? `Digest ${action.signature}` : null,
      withClientId: sameGateway,
      body: Object.fromEntries(action.params.map((param) => [param.name, param.value])),
      transactionID: action.transactionId,
      signatures: action.signature ? [action.signature] : [],
    });
  }

  private async call(
    connection: GatewayConnection,
    spec: {
      operation: GatewayOperation;
      method: 'GET' | 'POST';
      path?: string;
      url?: string;
      authorization: string | null;
      withClientId?: boolean;
      body?: unknown;
      transactionID?: string;
      merchantTransactionId?: string;
      signatures?: string[];
    },
  ): Promise<CallResult & { rawBody: unknown }> {
    const url = spec.url ?? `${apiRoot(connection)}${spec.path ?? ''}`;
    const headers = this.headersFor(
      spec.authorization,
      connection.clientIdHeader,
      spec.withClientId === false ? null : requireSecret(connection.clientId, 'client id'),
    );
    const redactor = new CallRedactor(
      { credentials: [connection.bearerToken, connection.clientId], signatures: spec.signatures ?? [] },
      connection.clientIdHeader,
    );
    const { exchange, rawBody, rawText } = await this.sender.send({
      operation: spec.operation,
      method: spec.method,
      url,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      profileId: connection.profileId,
      merchantTransactionId: spec.merchantTransactionId ?? null,
      transactionID: spec.transactionID ?? null,
      redactor,
      variant: connection.variant,
    });
    return { exchange, response: redactedJson(exchange, rawBody, rawText, redactor), rawBody };
  }

  private headersFor(
    authorization: string | null,
    clientIdHeader: string,
    clientId: string | null,
  ): Readonly<Record<string, string>> {
    const key = authorization ?? '';
    const known = this.headerSets.get(key);
    if (known !== undefined && known.clientIdHeader === clientIdHeader && known.clientId === clientId)
      return known.headers;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (authorization) headers.Authorization = authorization;
    if (clientId !== null) headers[clientIdHeader] = clientId;
    if (this.headerSets.size >= 32) this.headerSets.clear();
    this.headerSets.set(key, { clientIdHeader, clientId, headers: Object.freeze(headers) });
    return headers;
  }
}

/**
 * The answer as JSON with secrets masked. Without a backslash in the text every string of the parsed
 * answer appears in it verbatim, so the text's redaction covers them: re-parsing the redacted text is
 * cheaper than walking the parsed object. An escape (`\/`, `\u0074ok…`) can spell a secret the text
 * check cannot see, so such answers — and any whose masking broke the JSON — are walked value by value.
 */
function redactedJson(exchange: Exchange, rawBody: unknown, rawText: string, redactor: CallRedactor): unknown {
  if (rawBody === undefined) return null;
  if (!rawText.includes('\\')) {
    // Redaction left the text as received, so the parsed answer already is the redacted one (usually the
    // very same string: comparing costs nothing, unlike checking the text for secrets a second time).
    if (exchange.response?.bodyText === rawText) return rawBody;
    try {
      return JSON.parse(exchange.response?.bodyText ?? '');
    } catch {
      // fall through to the walk
    }
  }
  return redactor.json(rawBody);
}

const TRAILING_SLASHES = /\/+$/;
/** `{baseUrl}{pathPrefix}/{version}`, tolerant of a trailing slash on the base URL. */
export const apiRoot = (connection: Pick<GatewayConnection, 'baseUrl' | 'pathPrefix' | 'version'>): string =>
  `${connection.baseUrl.replace(TRAILING_SLASHES, '')}${connection.pathPrefix}/${connection.version}`;

function requireSecret(value: string | null, what: string): string {
  if (!value)
    throw new GatewayRequestError(
      'missing-credentials',
      `The request was not sent: the profile has no ${what}. Set it in the profile first.`,
    );
  return value;
}

/** The fields createOrder reads from an order that was not validated, read leniently. */
function unvalidated(body: unknown) {
  const order = isObject(body) ? body : {};
  const merchant = isObject(order.merchant) ? order.merchant : {};
  const transaction = isObject(order.transaction) ? order.transaction : {};
  const amount = isObject(transaction.amount) ? transaction.amount : {};
  return {
    ok: true as const,
    order: {
      merchant: {
        merchantTransactionId: typeof merchant.merchantTransactionId === 'string' ? merchant.merchantTransactionId : '',
      },
      transaction: {
        amount: {
          value: typeof amount.value === 'number' ? amount.value : Number.NaN,
          currency: typeof amount.currency === 'string' ? amount.currency : '',
        },
      },
    },
  };
}

/** Fills merchant.terminalId from the profile when the order leaves it out (the spec wants a JSON number). */
function withTerminal(order: unknown, terminalId: string): unknown {
  if (!isObject(order) || !isObject(order.merchant) || order.merchant.terminalId !== undefined) return order;
  return { ...order, merchant: { ...order.merchant, terminalId: Number(terminalId) } };
}
