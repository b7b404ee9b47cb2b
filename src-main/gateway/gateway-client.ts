import type { Exchange, GatewayOperation } from '@shared/exchange';
import { canonicaliseOrderSpelling } from '@shared/gateway/spelling';
import { validateOrder } from '@shared/gateway/order-schema';
import { followUpMethodProblem, orderWarnings } from '@shared/gateway/order-warnings';
import { describeIssues, GatewayRequestError } from './errors';
import { toMbwayPhone } from './phone';
import { maskSecret } from '@shared/secret-mask';
import { originOf, originOfParsed, parsedUrl } from '@shared/origin';
import { BoundedMemo } from '../common/bounded-memo';
import { CallRedactor } from './redaction';
import { actionTokensOf } from './exchange-recorder';
import type { RequestSender } from './request-sender';
import { checkTransactionId } from './transaction-id';
import { mainText } from '@shared/console-text';

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
  /** The profile's whole-call deadline in ms (connect + headers + body); the sender's default when null. */
  callTimeoutMs?: number | null;
  /**
   * The origin (`scheme://host:port`, originOf) the bearer token and client id were saved for: they are
   * attached to requests for that origin only. A connection built in code rather than from a saved profile
   * (undefined) has them for its own base URL's origin.
   */
  secretsOrigin?: string | null;
}

export interface CallResult {
  /** Redacted: safe to hand to the renderer, store, log and export. */
  exchange: Exchange;
  /** The parsed answer with secrets masked, or null when it was not JSON. Read-only (see GatewayResponse). */
  response: unknown;
  /**
   * The real actionTokens the answer carried (masked in `exchange` and `response`). Kept by main with the
   * transaction's signature, so the action step works after a restart; never leaves main.
   */
  actionTokens: string[];
  /**
   * The urls of the answer's actionResponse, exactly as the gateway wrote them: kept by main with the
   * transaction, the only places its action step may be sent.
   */
  actionUrls: string[];
}

export interface CreateOrderResult extends CallResult {
  /** Kept by main for the follow-up calls; never leaves main. */
  transactionSignature: string | null;
  merchantTransactionId: string | null;
  amount: number | null;
  currency: string | null;
  /** The order's paymentMethod list: follow-ups are checked against it. */
  paymentMethods: string[];
}

/** What a follow-up call knows of its order; `allowMethodNotInOrder` is the QA override. */
export interface FollowUpOrder {
  paymentMethods: readonly string[] | null;
  allowMethodNotInOrder?: boolean;
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
  constructor(private readonly sender: RequestSender) {}

  /**
   * `validate: false` sends the order as given so the gateway's own validation can be tested; the
   * caller (GatewayService) allows it only on Sandbox and test profiles.
   */
  async createOrder(
    connection: GatewayConnection,
    order: unknown,
    options: { acceptWarnings?: boolean; validate?: boolean } = {},
  ): Promise<CreateOrderResult> {
    const body = withTerminal(canonicaliseOrderSpelling(order), connection.terminalId);
    const validation = options.validate === false ? unvalidated(body) : validateOrder(connection.variant, body);
    if (!validation.ok)
      throw new GatewayRequestError(
        'invalid-request',
        `The order was not sent: ${describeIssues(validation.issues)}`,
        validation.issues,
      );
    const warnings = options.validate === false ? [] : orderWarnings(validation.order);
    if (warnings.length && !options.acceptWarnings)
      throw new GatewayRequestError(
        'needs-confirmation',
        `The order was not sent: ${describeIssues(warnings)}. Confirm to send it anyway.`,
        warnings.map(({ path, message }) => ({ path, message })),
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
    // An answer too deep or too large to parse whole still says 000 and carries the signature: the order
    // exists, so its signature is kept for the follow-ups like any other.
    const processed =
      result.exchange.classification === 'ok' ||
      (result.salvaged && result.exchange.returnStatus?.statusCode === '000');
    return {
      exchange: result.exchange,
      response: result.response,
      actionTokens: result.actionTokens,
      actionUrls: result.actionUrls,
      transactionSignature: processed && typeof signature === 'string' && signature ? signature : null,
      merchantTransactionId,
      amount: validation.order.transaction.amount.value,
      currency: validation.order.transaction.amount.currency,
      paymentMethods: [...validation.order.transaction.paymentMethod],
    };
  }

  async generateReference(
    connection: GatewayConnection,
    transactionId: string,
    signature: string,
    order?: FollowUpOrder,
  ): Promise<CallResult> {
    checkTransactionId(transactionId, 'The reference was not requested');
    refuseMethodNotInOrder(order, 'REFERENCE', 'The reference was not generated');
    return this.call(connection, {
      operation: 'generateReference',
      method: 'POST',
      path: `/payments/${encodeURIComponent(transactionId)}/service-reference/generate`,
      authorization: `Digest ${requireSecret(signature, 'transaction signature')}`,
      // docs/gateway-behaviour.md: an empty object; the reference limits came with the create request.
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
    order?: FollowUpOrder,
  ): Promise<CallResult> {
    checkTransactionId(transactionId, 'The MB WAY request was not sent');
    refuseMethodNotInOrder(order, 'MBWAY', 'The MB WAY request was not sent');
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
    checkTransactionId(transactionId, 'The status query was not sent');
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
      /**
       * The transaction's real actionTokens, kept by the caller from the answers that carried them
       * (`CallResult.actionTokens`). The renderer only ever sees a token masked, so the params it sends
       * back carry the mask: it is swapped for the real token here, from this transaction's tokens only.
       */
      actionTokens?: readonly string[];
    },
  ): Promise<CallResult> {
    checkTransactionId(action.transactionId, 'The action was not sent');
    let target: URL;
    try {
      target = new URL(action.url);
    } catch {
      throw new GatewayRequestError('invalid-request', mainText('actionUrlInvalid', { url: action.url }), [
        { path: 'url', message: 'is not an absolute URL' },
      ]);
    }
    if (!/^https?:$/.test(target.protocol))
      throw new GatewayRequestError('invalid-request', mainText('actionUrlScheme'), [
        { path: 'url', message: 'must be http or https' },
      ]);
    const sameGateway = originOf(target.toString()) === secretsOriginOf(connection);
    const kept = new Map((action.actionTokens ?? []).map((token) => [maskSecret(token), token]));
    const params = action.params.map((param) => ({
      name: param.name,
      value: kept.get(param.value) ?? param.value,
    }));
    const tokens = params.filter((param) => param.name === 'actionToken').map((param) => param.value);
    return this.call(connection, {
      operation: 'performAction',
      method: 'POST',
      url: target.toString(),
      authorization: sameGateway && action.signature ? `Digest ${action.signature}` : null,
      withClientId: sameGateway,
      body: Object.fromEntries(params.map((param) => [param.name, param.value])),
      transactionID: action.transactionId,
      signatures: [...(action.signature ? [action.signature] : []), ...tokens],
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
  ): Promise<CallResult & { rawBody: unknown; salvaged: boolean }> {
    const url = spec.url ?? `${apiRoot(connection)}${spec.path ?? ''}`;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (spec.authorization) headers.Authorization = spec.authorization;
    if (spec.withClientId !== false)
      headers[connection.clientIdHeader] = requireSecret(connection.clientId, 'client id');
    // Parsed once, for the origin guard and for sending.
    const target = parsedUrl(url);
    if (spec.authorization || spec.withClientId !== false) refuseOtherOrigin(connection, url, target);
    const redactor = new CallRedactor(
      { credentials: [connection.bearerToken, connection.clientId], signatures: spec.signatures ?? [] },
      connection.clientIdHeader,
    );
    const { exchange, response, rawBody, salvaged } = await this.sender.send({
      operation: spec.operation,
      method: spec.method,
      url,
      target,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      profileId: connection.profileId,
      merchantTransactionId: spec.merchantTransactionId ?? null,
      transactionID: spec.transactionID ?? null,
      redactor,
      variant: connection.variant,
      deadlineMs: connection.callTimeoutMs ?? null,
    });
    return {
      exchange,
      response,
      actionTokens: actionTokensOf(rawBody),
      actionUrls: actionUrlsOf(rawBody),
      rawBody,
      salvaged,
    };
  }
}

/** Refused before sending, as the gateway would refuse it anyway — unless QA overrides to see its answer. */
function refuseMethodNotInOrder(order: FollowUpOrder | undefined, method: 'MBWAY' | 'REFERENCE', what: string): void {
  if (!order || order.allowMethodNotInOrder) return;
  const problem = followUpMethodProblem(order.paymentMethods, method);
  if (problem)
    throw new GatewayRequestError('method-not-in-order', `${what}: ${problem}`, [
      { path: 'transaction.paymentMethod', message: problem },
    ]);
}

const TRAILING_SLASHES = /\/+$/;
const EDGE_SLASHES = /^\/+|\/+$/g;
/**
 * `{baseUrl}{pathPrefix}/{version}` joined with exactly one slash between parts: a base URL (or prefix)
 * ending in "/" would otherwise make `…/v2//payments`, which the gateway answers with 404.
 */
export const apiRoot = (connection: Pick<GatewayConnection, 'baseUrl' | 'pathPrefix' | 'version'>): string => {
  const prefix = connection.pathPrefix.replace(EDGE_SLASHES, '');
  return `${connection.baseUrl.replace(TRAILING_SLASHES, '')}${prefix ? `/${prefix}` : ''}/${connection.version.replace(EDGE_SLASHES, '')}`;
};

/** Origins of the base URLs called (a console has a few profiles): every call checks its own against one. */
const baseUrlOrigins = new BoundedMemo<string | null>(100);

const secretsOriginOf = (connection: GatewayConnection): string | null =>
  connection.secretsOrigin === undefined
    ? baseUrlOrigins.get(connection.baseUrl, () => originOf(connection.baseUrl))
    : connection.secretsOrigin;

/**
 * The chokepoint of architecture rule 14: a request carrying the profile's credentials (or a transaction
 * signature, always sent with the client id) goes only to the origin they were saved for. A profile whose
 * address was changed without entering them again, by hand in profiles.json or otherwise, sends nothing.
 */
function refuseOtherOrigin(connection: GatewayConnection, url: string, parsed: URL | null): void {
  const bound = secretsOriginOf(connection);
  const target = parsed === null ? null : originOfParsed(parsed);
  if (bound !== null && target === bound) return;
  throw new GatewayRequestError(
    'secrets-origin-mismatch',
    mainText('secretsOriginMismatch', { bound: bound ?? 'another address', target: target ?? url }),
    [{ path: 'baseUrl', message: `credentials are bound to ${bound ?? 'another address'}` }],
  );
}

/** Every url an answer's actionResponse names (`data.url`, or `url` as in the spec's example). */
function actionUrlsOf(answer: unknown): string[] {
  const action = isObject(answer) && isObject(answer.actionResponse) ? answer.actionResponse : null;
  if (!action) return [];
  const data = isObject(action.data) ? action.data : {};
  return [data.url, action.url].filter((url): url is string => typeof url === 'string' && url.length > 0);
}

function requireSecret(value: string | null, what: string): string {
  if (!value) throw new GatewayRequestError('missing-credentials', mainText('missingCredential', { what }));
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
        paymentMethod: Array.isArray(transaction.paymentMethod)
          ? transaction.paymentMethod.filter((method): method is string => typeof method === 'string')
          : [],
      },
    },
  };
}

/** Fills merchant.terminalId from the profile when the order leaves it out (the spec wants a JSON number). */
function withTerminal(order: unknown, terminalId: string): unknown {
  if (!isObject(order) || !isObject(order.merchant) || order.merchant.terminalId !== undefined) return order;
  return { ...order, merchant: { ...order.merchant, terminalId: Number(terminalId) } };
}
