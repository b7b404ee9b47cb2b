/**
 * The gateway's own endpoints: create order, Multibanco reference generate, MB WAY purchase, status, and
 * the address an actionResponse points to. Every check follows the spec's order of concerns: credential
 * headers (400), client id (403), rate limit (429), credentials (401), unknown transaction (404), then the
 * body rules — Content-Type and body (400) — and state (409). Auth comes before the body rules, so a
 * client with a wrong token learns that first whatever else is wrong with its request.
 */
import type { IncomingMessage } from 'node:http';
import {
  canonicaliseOrderSpelling,
  describeIssue,
  isFinalPaymentStatus,
  isMbwayPhone,
  validateOrder,
  type Order,
} from '@shared/gateway';
import { buildOpenApiDocument } from '@shared/gateway/openapi';
import { bearerTerminal, checkClientId, checkContentType, checkDigest, checkHeaders, CONFORMANCE_HEADER } from './auth';
import type { SimClock } from './clock';
import { fieldError, httpError } from './errors';
import { parseJson, readBody, sendJson } from './http-io';
import type { ResolvedOptions } from './options';
import type { Random } from './random';
import type { RateLimiter } from './rate-limiter';
import { createResponse, mbwayResponse, referenceResponse, statusResponse, type Execution } from './responses';
import type { Router } from './router';
import { findAmountScenario, findMbwayScenario, SHORT_REFERENCE_SECONDS, type AmountScenario } from './scenarios';
import type { Transaction, TransactionBook } from './transactions';

/** Variant B methods whose payment needs a step outside the order (redirect, 3-D Secure, bank app). */
const ACTION_METHODS_B: readonly string[] = ['CARD', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'CRTB', 'BIZM'];

export interface GatewayDeps {
  options: ResolvedOptions;
  clock: SimClock;
  random: Random;
  book: TransactionBook;
  limiter: RateLimiter;
  /** http://host:port of the running server, for actionResponse URLs. */
  origin: () => string;
}

const asObject = (value: unknown, what: string): Record<string, unknown> => {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw httpError(400, `The ${what} body must be a JSON object.`);
  return value as Record<string, unknown>;
};

export function addGatewayRoutes(router: Router, deps: GatewayDeps): void {
  const { options, clock, random, book, limiter } = deps;
  const prefix = `${options.basePath}/${options.version}/payments`;
  const actionPath = (id: string) => `${prefix}/${encodeURIComponent(id)}/action`;

  const execution = (startTime: string): Execution => ({ startTime, endTime: clock.iso() });

  /** Headers, client id and rate limit: common to every gateway call. */
  const admit = (req: IncomingMessage): { authorization: string } => {
    const { authorization, clientId } = checkHeaders(req, options);
    checkClientId(clientId, options);
    const wait = limiter.take(clientId.trim());
    if (wait > 0)
      throw httpError(429, `Rate limit of ${options.rateLimit} requests per second exceeded.`, {
        headers: { 'Retry-After': String(wait) },
      });
    return { authorization };
  };

  /** Body rules start here: Content-Type first, then the body itself. */
  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    checkContentType(req);
    return parseJson(await readBody(req, options.maxBodyBytes));
  };

  const findTransaction = (id: string): Transaction => {
    clock.runDue();
    const transaction = book.get(id);
    if (!transaction) throw httpError(404, `Transaction ${id} does not exist.`);
    return transaction;
  };

  router.add('POST', prefix, async ({ req, res }) => {
    const startTime = clock.iso();
    const { authorization } = admit(req);
    const terminal = bearerTerminal(authorization, options);
    const body = canonicaliseOrderSpelling(await readJson(req));
    const validation = validateOrder(terminal.variant, body);
    if (!validation.ok) {
      const shown = validation.issues.slice(0, 5).map(describeIssue);
      const more = validation.issues.length - shown.length;
      throw httpError(400, shown.join('; ') + (more > 0 ? `; and ${more} more` : ''), { statusCode: 'E0501' });
    }
    const order: Order = validation.order;
    if (String(order.merchant.terminalId) !== terminal.terminalId)
      throw httpError(401, `The bearer token is not tied to terminal ${order.merchant.terminalId}.`);
    const scenario = findAmountScenario(order.transaction.amount.value);
    if (scenario?.when === 'create' && scenario.httpStatus) throw scenarioFault(scenario.httpStatus, 'on create');
    const transaction = book.create({ terminal, order, ttlSeconds: options.orderTtlSeconds });
    const methods: readonly string[] = order.transaction.paymentMethod;
    if (terminal.variant === 'B' && methods.some((code) => ACTION_METHODS_B.includes(code))) {
      transaction.action = { token: random.string(32) };
      book.touch(transaction);
      // The world's shopper, when told to, completes or fails the extra step after the shopper delay.
      if (book.shopperStep)
        book.scheduleStep(transaction, 'extra-step-answer', clock.now() + options.shopperDelaySeconds * 1000);
    }
    const formContext =
      terminal.variant === 'A'
        ? Buffer.from(JSON.stringify({ id: transaction.id, methods, nonce: random.string(16) })).toString('base64')
        : undefined;
    sendJson(
      res,
      200,
      createResponse(transaction, order, execution(startTime), {
        signature: transaction.signature,
        websiteAddress: options.websiteAddress,
        expiry: clock.iso(transaction.expiresAt),
        // Only an order with an extra step answers with its address.
        ...(transaction.action ? { actionUrl: `${deps.origin()}${actionPath(transaction.id)}` } : {}),
        ...(formContext ? { formContext } : {}),
      }),
    );
  });

  router.add('GET', `${prefix}/:id/status`, ({ req, res, params }) => {
    const startTime = clock.iso();
    const { authorization } = admit(req);
    const terminal = bearerTerminal(authorization, options);
    const transaction = findTransaction(params.id ?? '');
    if (transaction.terminal !== terminal)
      throw httpError(401, 'The bearer token is not tied to the terminal of this transaction.');
    const note = checkContentType(req);
    // No note, no extra headers: sendJson then skips merging them into its own.
    const noteHeaders = note ? { [CONFORMANCE_HEADER]: note } : undefined;
    book.countStatusQuery(transaction);
    const scenario = findAmountScenario(transaction.amount.value);
    if (scenario?.when === 'first-status' && transaction.statusQueries === 1) {
      if (scenario.statusCode === '999') {
        sendJson(
          res,
          200,
          {
            returnStatus: {
              statusCode: '999',
              statusMsg: 'Validation Request Failed',
              statusDescription: 'The status could not be validated. Please try again.',
            },
            transactionID: transaction.id,
            execution: execution(startTime),
          },
          noteHeaders,
        );
        return;
      }
      if (scenario.httpStatus && scenario.httpStatus !== 200)
        throw scenarioFault(scenario.httpStatus, 'on the first status query');
    }
    // Only a Partial payment's answer carries the step's address (statusResponse).
    const actionUrl =
      transaction.status === 'Partial' && transaction.action
        ? `${deps.origin()}${actionPath(transaction.id)}`
        : undefined;
    sendJson(res, 200, statusResponse(transaction, execution(startTime), undefined, actionUrl), noteHeaders);
  });

  router.add('POST', `${prefix}/:id/service-reference/generate`, async ({ req, res, params }) => {
    const startTime = clock.iso();
    const { authorization } = admit(req);
    const transaction = findTransaction(params.id ?? '');
    checkDigest(authorization, transaction.signature);
    asObject(await readJson(req), 'reference generate');
    if (!transaction.paymentMethods.includes('REFERENCE'))
      throw httpError(409, 'REFERENCE is not a payment method of this order.', { statusCode: 'E0501' });
    const reference = transaction.reference;
    if (reference?.status === 'PAID')
      throw httpError(409, 'The Multibanco reference of this order is already paid.', { statusCode: 'E0613' });
    if (reference?.status === 'EXPIRED' || transaction.status === 'Expired')
      throw httpError(409, 'The Multibanco reference of this order is cancelled or expired.', { statusCode: 'E0612' });
    if (isFinalPaymentStatus(transaction.status))
      throw httpError(409, `Transaction ${transaction.id} is ${transaction.status}, a final status.`);
    if (!reference) {
      const scenario = findAmountScenario(transaction.amount.value);
      const limits = transaction.referenceLimits;
      const expiresAt =
        scenario?.statusCode === 'E0612'
          ? clock.now() + SHORT_REFERENCE_SECONDS * 1000
          : limits?.finalDatetime
            ? Date.parse(limits.finalDatetime)
            : transaction.expiresAt;
      transaction.reference = {
        reference: String(100_000_000 + random.int(900_000_000)),
        entity: limits?.entity ?? '21098',
        expiresAt,
        status: 'UNPAID',
        payments: 0,
      };
      transaction.paymentMethod = 'REFERENCE';
      book.setExpiry(transaction, expiresAt);
      if (scenario?.statusCode === 'E0613' || book.shopperOutcome === 'approve')
        book.scheduleStep(transaction, 'reference-paid', clock.now() + options.shopperDelaySeconds * 1000);
    }
    sendJson(
      res,
      200,
      referenceResponse(transaction, execution(startTime), clock.iso(transaction.reference?.expiresAt)),
    );
  });

  router.add('POST', `${prefix}/:id/mbway-id/purchase`, async ({ req, res, params }) => {
    const startTime = clock.iso();
    const { authorization } = admit(req);
    const transaction = findTransaction(params.id ?? '');
    checkDigest(authorization, transaction.signature);
    const body = asObject(await readJson(req), 'MB WAY purchase');
    const phone = body.customerPhone;
    if (phone === undefined) throw fieldError('customerPhone', 'is required');
    if (!isMbwayPhone(phone))
      throw fieldError('customerPhone', 'must be shaped <country code>#<number>, e.g. 351#912345678', 'E0504');
    if (!transaction.paymentMethods.includes('MBWAY'))
      throw httpError(409, 'MBWAY is not a payment method of this order.', { statusCode: 'E0501' });
    if (transaction.status !== 'Pending' || transaction.mbwayPhone)
      throw httpError(
        409,
        transaction.mbwayPhone && transaction.status === 'Pending'
          ? 'An MB WAY request for this order is already waiting for the shopper.'
          : `Transaction ${transaction.id} is ${transaction.status}; it cannot start an MB WAY payment.`,
      );
    transaction.mbwayPhone = phone;
    transaction.paymentMethod = 'MBWAY';
    book.touch(transaction);
    const scenario = findMbwayScenario(phone);
    if (scenario?.outcome === 'not-found' && scenario.returnStatus) {
      book.transition(transaction, 'Declined', scenario.summary, scenario.returnStatus);
      sendJson(
        res,
        200,
        mbwayResponse(transaction, execution(startTime), {
          ...scenario.returnStatus,
          statusDescription: scenario.summary,
        }),
      );
      return;
    }
    book.scheduleStep(transaction, 'mbway-window-end', clock.now() + options.mbwayWindowSeconds * 1000);
    // A magic phone decides; otherwise the world's shopper, when told to (timeout: the window simply runs out).
    if (scenario?.finalStatus || book.shopperOutcome === 'approve' || book.shopperOutcome === 'decline')
      book.scheduleStep(transaction, 'mbway-answer', clock.now() + options.shopperDelaySeconds * 1000);
    sendJson(res, 200, mbwayResponse(transaction, execution(startTime)));
  });

  // The interface this simulator speaks, with its own URL, path and client-id header: for Postman,
  // Insomnia, code generators and OpenAPI mock servers. Built on first request (zod → JSON Schema).
  let openApiText: string | undefined;
  router.add('GET', '/openapi.json', ({ res }) => {
    openApiText ??= JSON.stringify(
      buildOpenApiDocument({
        serverUrl: deps.origin(),
        basePath: options.basePath,
        version: options.version,
        clientIdHeader: options.clientIdHeader,
      }),
    );
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(openApiText),
    });
    res.end(openApiText);
  });

  // The extra step an actionResponse asks for (3-D Secure, bank redirect). The shopper's side calls it,
  // so no merchant credentials: the one-time action token in the params is what authorises it.
  router.add('POST', `${prefix}/:id/action`, async ({ req, res, params }) => {
    const startTime = clock.iso();
    const transaction = findTransaction(params.id ?? '');
    const body = asObject(parseJson(await readBody(req, options.maxBodyBytes)), 'action');
    const values = readActionParams(body);
    if (!transaction.action) throw httpError(409, 'This transaction has no extra step to perform.');
    if (values.actionToken !== transaction.action.token)
      throw fieldError('actionToken', 'does not match the actionResponse of this transaction', 'E0501');
    const outcome = values.paymentStatus ?? 'Success';
    if (outcome !== 'Success' && outcome !== 'Declined')
      throw fieldError('paymentStatus', 'must be Success or Declined');
    book.transition(transaction, outcome, 'shopper completed the extra step');
    transaction.action = undefined;
    book.touch(transaction);
    sendJson(res, 200, statusResponse(transaction, execution(startTime)));
  });
}

/** A fault chosen by a magic amount; a simulated 429 says when to come back, as the real one does. */
const scenarioFault = (httpStatus: AmountScenario['httpStatus'] & number, when: string) =>
  httpError(httpStatus, `Simulated ${httpStatus} ${when} (magic amount, see docs/simulator.md).`, {
    headers: httpStatus === 429 ? { 'Retry-After': '1' } : {},
  });

/** Action params as an object `{name: value}` or as `{params: [{name, value|data}]}` (both shapes exist). */
function readActionParams(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const list = Array.isArray(body.params) ? body.params : [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, value, data } = item as Record<string, unknown>;
    const text = typeof value === 'string' ? value : typeof data === 'string' ? data : undefined;
    if (typeof name === 'string' && text !== undefined) out[name] = text;
  }
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') out[name] ??= value;
  return out;
}
