import { afterAll, beforeAll } from 'vitest';
import { RequestSender } from '../../../src-main/gateway';
import { startFaultServer } from '../../support/fault-server';

export interface FaultGateway {
  server: Awaited<ReturnType<typeof startFaultServer>>;
  sender: RequestSender;
}

/**
 * A loopback fault server and a sender that never retries, started before the file's tests and closed
 * after them: each answer the tests script is the one the SDK records.
 */
export function useFaultGateway(): FaultGateway {
  const gateway = {} as FaultGateway;
  beforeAll(async () => {
    gateway.server = await startFaultServer();
    gateway.sender = new RequestSender({ retry: { maxRetries: 0 } });
  });
  afterAll(async () => {
    await gateway.sender.close();
    await gateway.server.close();
  });
  return gateway;
}
