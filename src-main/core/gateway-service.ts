import type { ProductionConfirmation } from '@shared/contract/orders';
import type { Exchange } from '@shared/exchange';
import { ConsoleFailure } from '@shared/result';
import { GatewayRequestError, type CallResult, type GatewayClient } from '../gateway';
import { logger } from './logger';
import { ProductionGuard } from './profiles/production-guard';
import type { ProfileRegistry } from './profiles/profile-registry';
import type { SignatureStore } from './signature-store';

export interface GatewayServiceDeps {
  profiles: ProfileRegistry;
  signatures: SignatureStore;
  client: GatewayClient;
  /** Called with every Exchange (already redacted by the SDK): push event, history. */
  onExchange: (exchange: Exchange) => void;
}

export interface GatewayCallOutput {
  exchange: Exchange;
  response: unknown;
}

/** What the contract's orders/payments methods and the CLI do: profile → SDK → signature store → event. */
export class GatewayService {
  constructor(private readonly deps: GatewayServiceDeps) {}

  async createOrder(input: {
    profileId: string;
    order: unknown;
    confirmation?: ProductionConfirmation | undefined;
    /** "Send without validation": Sandbox and test profiles only, refused here for production. */
    skipValidation?: boolean | undefined;
  }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    if (input.skipValidation && connection.profile.environment === 'production')
      throw new ConsoleFailure(
        'production-guard',
        'Orders are never sent without validation on a production profile: use a Sandbox or test profile.',
      );
    ProductionGuard.confirm(connection.profile, orderAmount(input.order), input.confirmation);
    const result = await this.run(() =>
      this.deps.client.createOrder(connection, input.order, { validate: !input.skipValidation }),
    );
    if (result.transactionSignature && result.exchange.transactionID) {
      await this.deps.signatures.put({
        profileId: connection.profileId ?? input.profileId,
        transactionId: result.exchange.transactionID,
        signature: result.transactionSignature,
        merchantTransactionId: result.merchantTransactionId,
        amount: result.amount,
        currency: result.currency,
        createdAt: new Date().toISOString(),
      });
    }
    return this.report(result);
  }

  async generateReference(input: {
    profileId: string;
    transactionId: string;
    confirmation?: ProductionConfirmation | undefined;
  }): Promise<GatewayCallOutput> {
    const { connection, record } = await this.followUp(input.profileId, input.transactionId, input.confirmation);
    return this.report(
      await this.run(() => this.deps.client.generateReference(connection, input.transactionId, record.signature)),
    );
  }

  async mbwayPurchase(input: {
    profileId: string;
    transactionId: string;
    phone: string;
    confirmation?: ProductionConfirmation | undefined;
  }): Promise<GatewayCallOutput> {
    const { connection, record } = await this.followUp(input.profileId, input.transactionId, input.confirmation);
    return this.report(
      await this.run(() =>
        this.deps.client.mbwayPurchase(connection, input.transactionId, record.signature, input.phone),
      ),
    );
  }

  async status(input: { profileId: string; transactionId: string }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    return this.report(await this.run(() => this.deps.client.getStatus(connection, input.transactionId)));
  }

  async performAction(input: {
    profileId: string;
    transactionId: string;
    url: string;
    params: Array<{ name: string; value: string }>;
    confirmation?: ProductionConfirmation | undefined;
  }): Promise<GatewayCallOutput> {
    const connection = await this.deps.profiles.connection(input.profileId);
    const record = this.deps.signatures.get(connection.profile.id, input.transactionId);
    ProductionGuard.confirm(connection.profile, record?.amount ?? null, input.confirmation);
    return this.report(
      await this.run(() =>
        this.deps.client.performAction(connection, {
          transactionId: input.transactionId,
          url: input.url,
          params: input.params,
          signature: record?.signature ?? null,
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
      throw new ConsoleFailure('production-guard', 'Signatures cannot be supplied by hand for a production profile.');
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

  /** A deleted profile's signatures are of no further use: drop them. */
  forgetProfile(profileId: string): Promise<void> {
    return this.deps.signatures.forgetProfile(profileId);
  }

  private async followUp(profileId: string, transactionId: string, confirmation: ProductionConfirmation | undefined) {
    const connection = await this.deps.profiles.connection(profileId);
    const record = this.deps.signatures.get(connection.profile.id, transactionId);
    if (!record)
      throw new ConsoleFailure(
        'unknown-transaction',
        `No transactionSignature is stored for ${transactionId} on "${connection.profile.name}": follow-up calls work only for orders created by this console with this profile.`,
      );
    ProductionGuard.confirm(connection.profile, record.amount, confirmation);
    return { connection, record };
  }

  /** SDK refusals (invalid request, missing credentials) become contract errors naming each field. */
  private async run<T extends CallResult>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GatewayRequestError)
        throw new ConsoleFailure(error.code, error.message, error.issues.length ? { issues: error.issues } : undefined);
      throw error;
    }
  }

  private report(result: CallResult): GatewayCallOutput {
    const { exchange } = result;
    logger.info(
      `${exchange.operation} ${exchange.method} ${exchange.url} → ${exchange.classification}: ${exchange.summary}`,
    );
    this.deps.onExchange(exchange);
    return { exchange, response: result.response };
  }
}

function orderAmount(order: unknown): number | null {
  const value = (order as { transaction?: { amount?: { value?: unknown } } } | null)?.transaction?.amount?.value;
  return typeof value === 'number' ? value : null;
}
