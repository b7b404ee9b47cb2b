import type { Handlers } from '../dispatcher';
import type { ProfileRegistry } from '../profiles/profile-registry';
import type { OrderTemplatesStore } from '../../orders/order-templates-store';
import type { TestSessions } from '../../qa/test-sessions';
import type { UserSettingsStore } from '../../settings/user-settings';

type UserDataMethod =
  | 'settings.get'
  | 'settings.update'
  | 'settings.importFromBrowser'
  | 'orders.templates'
  | 'orders.saveTemplate'
  | 'orders.deleteTemplate'
  | 'orders.importTemplates'
  | 'qa.testSessions'
  | 'qa.testSessionEntries'
  | 'qa.startTestSession'
  | 'qa.endTestSession'
  | 'qa.resumeTestSession'
  | 'qa.deleteTestSession'
  | 'qa.setTestVerdict'
  | 'qa.importTestSessions';

/**
 * What a user creates — settings, order templates, test sessions and their verdicts — read and written
 * by main in the user-data folder; every window (any port, any browser) sees the same.
 */
export function createUserDataHandlers(deps: {
  settings: UserSettingsStore;
  templates: OrderTemplatesStore;
  sessions: TestSessions;
  profiles: ProfileRegistry;
}): Pick<Handlers, UserDataMethod> {
  const { settings, templates, sessions } = deps;
  return {
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'settings.importFromBrowser': (patch) => settings.importFromBrowser(patch),
    'orders.templates': () => templates.list(),
    'orders.saveTemplate': (input) => templates.save(input),
    'orders.deleteTemplate': async ({ id }) => ({ deleted: await templates.remove(id) }),
    'orders.importTemplates': ({ templates: incoming }) => templates.importFromBrowser(incoming),
    'qa.testSessions': () => sessions.list(),
    'qa.testSessionEntries': ({ sessionId }) => sessions.entries(sessionId),
    'qa.startTestSession': ({ name, tester, objective, profileId, id }) => {
      // What the session says about its profile is main's record of it, not what a page claims.
      const profile = deps.profiles.stored(profileId);
      return sessions.start({
        ...(id ? { id } : {}),
        name,
        tester,
        objective,
        profile: {
          profileId: profile.id,
          profileName: profile.name,
          environment: profile.environment,
          terminalId: profile.terminalId,
          variant: profile.variant,
        },
      });
    },
    'qa.endTestSession': async () => {
      await sessions.end();
      return sessions.list();
    },
    'qa.resumeTestSession': async ({ id }) => {
      await sessions.resume(id);
      return sessions.list();
    },
    'qa.deleteTestSession': async ({ id }) => {
      await sessions.remove(id);
      return sessions.list();
    },
    'qa.setTestVerdict': async ({ sessionId, key, passed, note }) => {
      await sessions.setVerdict(sessionId, key, passed, note);
      return sessions.list();
    },
    'qa.importTestSessions': ({ sessions: incoming }) => sessions.importFromBrowser(incoming),
  };
}
