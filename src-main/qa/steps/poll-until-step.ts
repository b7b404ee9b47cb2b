import { isFinalPaymentStatus } from '@shared/gateway/codes';
import { MAX_POLL_QUERIES_PER_RUN, isSandboxTarget, pollCapMessage, pollWaitMs } from '../poll-limits';
import { abortedDuring, STOPPED_BY_USER, type StepExecutor } from './step-context';

/**
 * Repeats status queries until the wanted (or any final) status, the timeout or the stop; the only step
 * that repeats a call, and it repeats only status queries. Real gateways are held to poll-limits.ts.
 */
export const pollUntilStep: StepExecutor<'pollUntil'> = async (
  args,
  { deps, profile, result, context, sleep, record },
) => {
  const { transactionID, status, final, timeoutSeconds, intervalSeconds } = args;
  const wanted = status === undefined ? null : Array.isArray(status) ? status : [status];
  const deadline = Date.now() + timeoutSeconds * 1000;
  const limited = !isSandboxTarget(profile);
  let sent = 0;
  for (;;) {
    if (limited && context.pollQueries >= MAX_POLL_QUERIES_PER_RUN)
      return { refused: 'poll-limit', message: pollCapMessage(context.pollQueries) };
    if (limited) context.pollQueries += 1;
    sent += 1;
    const actual = record(await deps.gateway.status({ profileId: profile.id, transactionId: transactionID }));
    const current = actual.paymentStatus ?? null;
    const reached =
      current !== null && ((wanted?.includes(current) ?? false) || (final === true && isFinalPaymentStatus(current)));
    // A final status other than the one wanted will never change: stop instead of waiting out the timeout.
    if (reached || (current !== null && isFinalPaymentStatus(current)) || Date.now() >= deadline)
      return { ...actual, timedOut: !reached && !(current !== null && isFinalPaymentStatus(current)) };
    const wait = pollWaitMs(profile, intervalSeconds, result.exchanges[result.exchanges.length - 1]);
    if ('aborted' in (await abortedDuring(sleep(wait), context.signal)))
      return { skip: `${STOPPED_BY_USER} while polling (${sent} status queries sent).`, stopped: true };
  }
};
