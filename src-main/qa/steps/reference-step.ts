import { overrideOf, type StepExecutor } from './step-context';

/** Asks for a Multibanco reference for the transaction; sent once. */
export const referenceStep: StepExecutor<'reference'> = async (
  { transactionID, overrideFinal },
  { deps, profile, record },
) =>
  record(
    await deps.gateway.generateReference({
      profileId: profile.id,
      transactionId: transactionID,
      ...overrideOf(overrideFinal),
    }),
  );
