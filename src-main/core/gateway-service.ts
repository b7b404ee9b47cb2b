import { currentRunTag } from '../qa/run-tag';
import type { ProductionConfirmation } from '@shared/contract/orders';
import type { Exchange, ExchangeOverride } from '@shared/exchange';
import { customerDataOfOrder } from '@shared/support/customer-data';
import { ConsoleFailure } from '@shared/result';
import {
  apiRoot,
  GatewayRequestError,
  type CallResult,
  type FollowUpOrder,
  type GatewayClient,
  type GatewayConnection,
} from '../gateway';
import type { GatewayCallOutput, GatewayCalls } from '../gateway/gateway-calls';
import { logger } from '../common/logger';
import { ProductionGuard } from './profiles/production-guard';
import { refuseOnLookupOnly } from '../support/lookup-only-guard';
import type { ProfileRegistry } from './profiles/profile-registry';
import type { TransactionSignatures } from './signature-store';
import { mainText } from '@shared/console-text';
import {
  checkNotDuplicate,
  checkNotFinal,
  learnedFinal,
  merchantTransactionIdOf,
  type FinalRecord,
  type UnansweredCreate,
} from './payment-guards';
import { maskCallForProfile } from '../support/customer-masking';

export interface GatewayServiceDeps {
  profiles: ProfileRegistry;
  signatures: TransactionSignatures;
  client: GatewayClient;
  /** Called with every Exchange (already redacted by the SDK): push event, history. */
  onExchange: (exchange: Exchange) => void;
}

/** The profile facts the service's guards and masking need. */
interface CallProfile {
  id: string;
  name: string;
  environment: string;
  lookupOnly?: boolean | undefined;
}

type CreateResult = Awaited<ReturnType<GatewayClient['createOrder']>>;

/** A follow-up that pays with one method of the order (a Multibanco reference, an MB WAY request). */
interface MethodFollowUp {
  profileId: string;
  transactionId: string;
  confirmation?: ProductionConfirmation | undefined;
  /** QA override: send even when the method is not in the order's paymentMethod list. */
  allowMethodNotInOrder?: boolean | undefined;
  /** QA override: send even though main knows the payment final (not on production). */
  overrideFinal?: boolean | undefined;
}

/** What the contract's orders/payments methods and the CLI do: profile → SDK → signature store → event. */
export class GatewayService implements GatewayCalls {
  /** What main is writing down about payments' statuses (see learn). */
  private learning: Promise<void> = Promise.resolve();
  /**
   * profileId + merchantTransactionId of creates waiting for their answer, or that ended without one
   * (until the process ends): a second create with that id is refused.
   */
  private readonly unanswered = new Map<string, UnansweredCreate>();

  constructor(private readonly deps: GatewayServiceDeps) {}

  async createOrder(input: {
    profileId: string;
    order: unknown;
    confirmation?: ProductionConfirmation | undefined;
    /** The user confirmed the order's warnings (e.g. a short Multibanco window). */
    acceptWarnings?: boolean | undefined;
    /** "Send without validation": Sandbox and test profiles only, refused here for production. */
    skipValidation?: boolean | undefined;
    /** QA: create even though the merchantTransactionId is already used on the profile (not on production). */
    allowDuplicate?: boolean | undefined;
  }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    refuseOnLookupOnly(connection.profile, 'create an order');
    if (input.skipValidation && connection.profile.environment === 'production')
      throw new ConsoleFailure('production-guard', mainText('productionNoOrders'));
    ProductionGuard.confirm(connection.profile, orderAmount(input.order), input.confirmation);
    const profileId = connection.profileId ?? input.profileId;
    const merchantId = merchantTransactionIdOf(input.order);
    const flightKey = merchantId === null ? null : `${profileId}\n${merchantId}`;
    const override = checkNotDuplicate(
      connection.profile,
      merchantId,
      merchantId === null ? undefined : this.deps.signatures.findByMerchantTransactionId(profileId, merchantId),
      flightKey === null ? undefined : this.unanswered.get(flightKey),
      input.allowDuplicate,
    );
    // Only the create that put the id in flight takes it out again (an intended duplicate may overlap it).
    const ownsFlight = flightKey !== null && !this.unanswered.has(flightKey);
    if (ownsFlight) this.unanswered.set(flightKey, { sentAt: new Date().toISOString(), outcomeUnknown: false });
    let result: CreateResult | undefined;
    try {
      result = await this.run(() =>
        this.deps.client.createOrder(connection, input.order, {
          acceptWarnings: input.acceptWarnings === true,
          validate: !input.skipValidation,
        }),
      );
    } finally {
      if (ownsFlight) {
        // Sent but unanswered: the gateway may have created it, so the id stays taken.
        const mayExist = result?.exchange.classification === 'outcome-unknown' && !result.exchange.transactionID;
        if (mayExist) this.unanswered.set(flightKey, { ...this.unanswered.get(flightKey)!, outcomeUnknown: true });
        else this.unanswered.delete(flightKey);
      }
    }
    if (result.transactionSignature && result.exchange.transactionID) {
      const customer = customerDataOfOrder(input.order);
      await this.deps.signatures.put({
        profileId,
        transactionId: result.exchange.transactionID,
        signature: result.transactionSignature,
        merchantTransactionId: result.merchantTransactionId,
        amount: result.amount,
        currency: result.currency,
        paymentMethods: result.paymentMethods,
        ...(result.actionTokens.length ? { actionTokens: result.actionTokens } : {}),
        ...(result.actionUrls.length ? { actionUrls: result.actionUrls } : {}),
        ...(Object.keys(customer).length ? { customer } : {}),
        createdAt: new Date().toISOString(),
      });
    }
    return this.report(connection.profile, result, override);
  }

  /**
   * An answer to a follow-up may carry a new actionResponse: its tokens and url join the transaction's
   * record, so the masked params the renderer sends back still resolve after a restart, and the step may go
   * to that url.
   */
  private async keepActionTokens(profileId: string, result: CallResult): Promise<void> {
    const transactionId = result.exchange.transactionID;
    if ((!result.actionTokens.length && !result.actionUrls.length) || !transactionId) return;
    const record = this.deps.signatures.get(profileId, transactionId);
    if (!record) return;
    const tokens = record.actionTokens ?? [];
    const urls = record.actionUrls ?? [];
    const addedTokens = result.actionTokens.filter((token) => !tokens.includes(token));
    const addedUrls = result.actionUrls.filter((url) => !urls.includes(url));
    if (addedTokens.length || addedUrls.length)
      await this.deps.signatures.put({
        ...record,
        ...(tokens.length || addedTokens.length ? { actionTokens: [...tokens, ...addedTokens] } : {}),
        ...(urls.length || addedUrls.length ? { actionUrls: [...urls, ...addedUrls] } : {}),
      });
  }

  generateReference(input: MethodFollowUp): Promise<GatewayCallOutput> {
    return this.payWithMethod(input, (connection, signature, order) =>
      this.deps.client.generateReference(connection, input.transactionId, signature, order),
    );
  }

  mbwayPurchase(input: MethodFollowUp & { phone: string }): Promise<GatewayCallOutput> {
    return this.payWithMethod(input, (connection, signature, order) =>
      this.deps.client.mbwayPurchase(connection, input.transactionId, signature, input.phone, order),
    );
  }

  /** A follow-up that pays with one method of the order: guarded, sent with the order's methods, learned from. */
  private async payWithMethod(
    input: MethodFollowUp,
    send: (connection: GatewayConnection, signature: string, order: FollowUpOrder) => Promise<CallResult>,
  ): Promise<GatewayCallOutput> {
    const { connection, record, override } = await this.followUp(input);
    const order = {
      paymentMethods: record.paymentMethods ?? null,
      allowMethodNotInOrder: input.allowMethodNotInOrder === true,
    };
    return this.reportFollowUp(
      connection.profile,
      input.transactionId,
      override,
      await this.run(() => send(connection, record.signature, order)),
    );
  }

  async status(input: { profileId: string; transactionId: string }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    return this.reportFollowUp(
      connection.profile,
      input.transactionId,
      null,
      await this.run(() => this.deps.client.getStatus(connection, input.transactionId)),
    );
  }

  async performAction(input: {
    profileId: string;
    transactionId: string;
    url: string;
    params: Array<{ name: string; value: string }>;
    confirmation?: ProductionConfirmation | undefined;
    /** QA override: send even though main knows the payment final (not on production). */
    overrideFinal?: boolean | undefined;
  }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    refuseOnLookupOnly(connection.profile, 'send a payment step');
    // Decide on everything main has learned so far, a notification that just arrived included.
    await this.learning;
    const record = this.deps.signatures.get(connection.profile.id, input.transactionId);
    const override = checkNotFinal(connection.profile, input.transactionId, record, input.overrideFinal);
    ProductionGuard.confirm(connection.profile, record?.amount ?? null, input.confirmation);
    const url = issuedActionUrl(input.url, record?.actionUrls ?? [], connection, input.transactionId);
    return this.reportFollowUp(
      connection.profile,
      input.transactionId,
      override,
      await this.run(() =>
        this.deps.client.performAction(connection, {
          transactionId: input.transactionId,
          url,
          params: input.params,
          signature: record?.signature ?? null,
          actionTokens: record?.actionTokens ?? [],
        }),
      ),
    );
  }

  /**
   * Files a signature the user supplied for a transaction created elsewhere (the CLI's environment
   * profile, where nothing persists between runs). Amount unknown: such profiles are never production.
   */
  async rememberSignature(profileId: string, transactionId: string, signature: string): Promise<void> {
    if (this.deps.profiles.stored(profileId).environment === 'production')
      throw new ConsoleFailure('production-guard', mainText('productionNoHandSignature'));
    await this.deps.signatures.put({
      profileId,
      transactionId,
      signature,
      merchantTransactionId: null,
      amount: null,
      currency: null,
      createdAt: new Date().toISOString(),
    });
  }

  /**
   * A notification main received tells it the payment's status: a final one is kept with the
   * transaction's record, so money-moving follow-ups on it are refused from then on.
   */
  async learnFromNotification(profileId: string, transactionId: string, paymentStatus: string | null): Promise<void> {
    await this.learn(profileId, transactionId, paymentStatus, 'notification');
  }

  /**
   * One at a time, in arrival order: a call that finds the payment already final (learned from a
   * notification a moment ago) returns only once that fact is on disk, so a restart cannot forget it.
   */
  private learn(
    profileId: string,
    transactionId: string,
    paymentStatus: string | null,
    source: FinalRecord['source'],
  ): Promise<void> {
    const step = async () => {
      const record = this.deps.signatures.get(profileId, transactionId);
      const final = record && learnedFinal(record, paymentStatus, source, new Date());
      if (record && final) await this.deps.signatures.put({ ...record, final });
    };
    const next = this.learning.then(step, step);
    this.learning = next.catch(() => undefined);
    return next;
  }

  /**
   * A deleted profile's signatures are of no further use, and a reset Sandbox's merchantTransactionIds
   * belong to a world that is gone: drop them.
   */
  forgetProfile(profileId: string): Promise<void> {
    for (const key of this.unanswered.keys()) if (key.startsWith(`${profileId}\n`)) this.unanswered.delete(key);
    return this.deps.signatures.forgetProfile(profileId);
  }

  private async followUp(input: {
    profileId: string;
    transactionId: string;
    confirmation?: ProductionConfirmation | undefined;
    overrideFinal?: boolean | undefined;
  }) {
    const { transactionId } = input;
    const connection = await this.deps.profiles.connection(input.profileId);
    refuseOnLookupOnly(connection.profile, 'start a payment');
    // Decide on everything main has learned so far, a notification that just arrived included.
    await this.learning;
    const record = this.deps.signatures.get(connection.profile.id, transactionId);
    const override = checkNotFinal(connection.profile, transactionId, record, input.overrideFinal);
    if (!record)
      throw new ConsoleFailure(
        'unknown-transaction',
        mainText('unknownTransaction', { transactionId, name: connection.profile.name }),
      );
    ProductionGuard.confirm(connection.profile, record.amount, input.confirmation);
    return { connection, record, override };
  }

  /** SDK refusals (invalid request, missing credentials) become contract errors naming each field. */
  private async run<T extends CallResult>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GatewayRequestError)
        throw new ConsoleFailure(
          error.code,
          error.text ?? error.message,
          error.issues.length ? { issues: error.issues } : undefined,
        );
      throw error;
    }
  }

  private async reportFollowUp(
    profile: CallProfile,
    transactionId: string,
    override: ExchangeOverride | null,
    result: CallResult,
  ): Promise<GatewayCallOutput> {
    await this.keepActionTokens(profile.id, result);
    const { exchange } = result;
    // Only an answer the gateway processed, about the transaction asked for, says what the payment is.
    const processed = exchange.classification === 'ok' || exchange.classification === 'gateway-error';
    if (processed && exchange.transactionID === transactionId)
      await this.learn(
        profile.id,
        transactionId,
        exchange.paymentStatus,
        exchange.operation === 'getStatus' ? 'status' : 'follow-up',
      );
    return this.report(profile, result, override);
  }

  /**
   * The one exit of every call: the override is written into the exchange, and on a profile that masks
   * customer data the exchange and answer are masked here, before the event, the caller or the log see them.
   */
  private report(profile: CallProfile, result: CallResult, override: ExchangeOverride | null): GatewayCallOutput {
    // A call made by a scenario run carries the run, so History can mark and filter what runs created.
    const tag = currentRunTag();
    const tagged = tag ? { ...result.exchange, qaRun: { runId: tag.runId, scenario: tag.scenario } } : result.exchange;
    const { exchange, response } = maskCallForProfile(profile, {
      exchange: override ? { ...tagged, overrides: [override] } : tagged,
      response: result.response,
    });
    logger.info(
      `${exchange.operation} ${exchange.method} ${exchange.url} → ${exchange.classification}: ${exchange.summary}`,
    );
    this.deps.onExchange(exchange);
    return { exchange, response };
  }
}

/**
 * The action step carries the transaction's real actionToken (the renderer sends it masked; the SDK puts
 * the real one back), and a token replayed at the gateway completes the step. So the step goes only to a url
 * the gateway itself returned for this transaction, as it wrote it — a url from a scenario file, a pasted
 * one, or one the gateway gave for another transaction is refused before anything is sent.
 * On a Sandbox profile both sides are first moved onto the simulator's current port (onCurrentSandbox).
 */
function issuedActionUrl(
  url: string,
  issued: readonly string[],
  connection: GatewayConnection & { profile: { name: string; environment: string } },
  transactionId: string,
): string {
  const sandbox = connection.profile.environment === 'sandbox';
  const asSent = (candidate: string) => (sandbox ? onCurrentSandbox(candidate, connection) : candidate);
  const target = asSent(url);
  if (issued.some((candidate) => asSent(candidate) === target)) return target;
  throw new ConsoleFailure(
    'action-url-not-issued',
    issued.length
      ? mainText('actionUrlNotReturned', { url, transactionId })
      : mainText('actionUrlNotIssued', { transactionId, name: connection.profile.name }),
    { transactionId, url, issued: issued.length },
  );
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The embedded simulator listens on a new loopback port at every start, so an action url it issued before a
 * restart (kept by the renderer) points at a port nobody listens on: moved onto the Sandbox's current
 * origin when it is a loopback url under the Sandbox's own API path — any other url is left untouched.
 */
function onCurrentSandbox(url: string, connection: GatewayConnection): string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url; // the SDK refuses it with a clear message
  }
  const root = new URL(apiRoot(connection));
  if (!LOOPBACK_HOSTS.has(target.hostname) || target.origin === root.origin) return url;
  if (!target.pathname.startsWith(`${root.pathname}/`)) return url;
  return `${root.origin}${target.pathname}${target.search}`;
}

function orderAmount(order: unknown): number | null {
  const value = (order as { transaction?: { amount?: { value?: unknown } } } | null)?.transaction?.amount?.value;
  return typeof value === 'number' ? value : null;
}
