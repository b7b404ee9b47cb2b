/**
 * The gateway calls a job (QA scenarios, the demo seeder) makes through the console's GatewayService: one
 * port, so both jobs drive the gateway the same way — with main's guards, signatures and recording — and
 * neither imports core/. The QA-only overrides are optional; the demo simply never sets them.
 */
import type { Exchange } from '@shared/exchange';

/** What one call leaves: the redacted exchange (recorded) and the gateway's parsed answer. */
export interface GatewayCallOutput {
  exchange: Exchange;
  response: unknown;
}

export interface GatewayCalls {
  /** `skipValidation`: QA override, send an order the contract schema would refuse (not on production). */
  createOrder(input: { profileId: string; order: unknown; skipValidation?: boolean }): Promise<GatewayCallOutput>;
  /** `overrideFinal`: QA override, send even though main knows the payment final (not on production). */
  generateReference(input: {
    profileId: string;
    transactionId: string;
    overrideFinal?: boolean;
  }): Promise<GatewayCallOutput>;
  mbwayPurchase(input: {
    profileId: string;
    transactionId: string;
    phone: string;
    overrideFinal?: boolean;
  }): Promise<GatewayCallOutput>;
  status(input: { profileId: string; transactionId: string }): Promise<GatewayCallOutput>;
  performAction(input: {
    profileId: string;
    transactionId: string;
    url: string;
    params: Array<{ name: string; value: string }>;
    overrideFinal?: boolean;
  }): Promise<GatewayCallOutput>;
}
