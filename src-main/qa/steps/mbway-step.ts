import { overrideOf, type StepExecutor } from './step-context';

/** Starts an MB WAY purchase for the transaction; sent once. */
export const mbwayStep: StepExecutor<'mbway'> = async (
  { transactionID, phone, overrideFinal },
  { deps, profile, record },
) =>
  record(
    await deps.gateway.mbwayPurchase({
      profileId: profile.id,
      transactionId: transactionID,
      phone,
      ...overrideOf(overrideFinal),
    }),
  );
