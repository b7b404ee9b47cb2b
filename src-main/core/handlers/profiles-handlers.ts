import type { ConnectionTest } from '@shared/contract/profiles';
import type { Handlers } from '../dispatcher';
import type { EventBus } from '../../common/event-bus';
import type { GatewayService } from '../gateway-service';
import type { ProfileRegistry } from '../profiles/profile-registry';

type ProfileMethods =
  | 'profiles.list'
  | 'profiles.get'
  | 'profiles.save'
  | 'profiles.delete'
  | 'profiles.clearSecret'
  | 'profiles.testConnection'
  | 'profiles.newLookupOnly';

/** A transaction id no gateway will know: the answer tells reachability and credentials apart. */
const PROBE_TRANSACTION_ID = 'console-connection-test';

export function createProfilesHandlers(deps: {
  profiles: ProfileRegistry;
  gateway: GatewayService;
  events: EventBus;
}): Pick<Handlers, ProfileMethods> {
  const { profiles, events } = deps;
  const changed = <T extends { id: string }>(profile: T): T => {
    events.emit('profiles.changed', { ids: [profile.id] });
    return profile;
  };
  return {
    'profiles.list': async () => ({ profiles: await profiles.list(), problems: [...profiles.problems] }),
    'profiles.get': ({ id }) => profiles.get(id),
    'profiles.save': async (input) => changed(await profiles.save(input)),
    'profiles.delete': async ({ id }) => {
      const deleted = await profiles.delete(id);
      if (deleted) {
        await deps.gateway.forgetProfile(id);
        events.emit('profiles.changed', { ids: [id] });
      }
      return { deleted };
    },
    'profiles.clearSecret': async ({ id, name }) => changed(await profiles.clearSecret(id, name)),
    'profiles.newLookupOnly': async ({ fromId, name }) => changed(await profiles.deriveLookupOnly(fromId, name)),
    'profiles.testConnection': async ({ id }): Promise<ConnectionTest> => {
      const { exchange } = await deps.gateway.status({ profileId: id, transactionId: PROBE_TRANSACTION_ID });
      const status = exchange.response?.status;
      if (exchange.classification === 'network' || exchange.classification === 'timeout')
        return { verdict: 'unreachable', message: `The gateway could not be reached: ${exchange.summary}.`, exchange };
      if (status === 401 || status === 403)
        return {
          verdict: 'credentials-rejected',
          message:
            `The gateway refused the credentials (${exchange.summary}). ${exchange.suggestedAction ?? ''}`.trim(),
          exchange,
        };
      // An unknown transaction answered with 404 or a returnStatus proves the credentials were accepted.
      if (status === 404 || (status === 200 && exchange.returnStatus))
        return { verdict: 'ok', message: 'The gateway answered and accepted the credentials.', exchange };
      return { verdict: 'unexpected', message: `Unexpected answer: ${exchange.summary}.`, exchange };
    },
  };
}
