import { ConsoleFailure } from '@shared/result';
import { mainText } from '@shared/console-text';

/** What the guard needs to know about a profile (a stored profile or its settings). */
export interface LookupOnlyProfile {
  name: string;
  lookupOnly?: boolean | undefined;
}

/**
 * The support desk's chokepoint (architecture rule 10), enforced in main like the production guard: a
 * lookup-only profile may query statuses but never create an order or move money, whatever the UI,
 * the host API or the CLI ask for. Called before anything is signed or sent, so a refusal costs the
 * gateway nothing.
 */
export function refuseOnLookupOnly(profile: LookupOnlyProfile, operation: string): void {
  if (profile.lookupOnly === true)
    throw new ConsoleFailure('lookup-only', mainText('lookupOnlyRefused', { name: profile.name, operation }), {
      operation,
    });
}

/** The typed confirmation that takes a profile out of lookup-only: the profile's own name, as for production. */
export interface LookupOnlyRelease {
  profileName: string;
}

/**
 * Turning lookup-only off gives the profile back its power to move money, so it needs the same
 * deliberate act as a production call: the profile's name typed by the user. Switching it on needs nothing.
 */
export function checkLookupOnlyRelease(
  before: LookupOnlyProfile | undefined,
  after: { lookupOnly?: boolean | undefined },
  release: LookupOnlyRelease | undefined,
): void {
  if (before?.lookupOnly !== true || after.lookupOnly === true) return;
  if (!release)
    throw new ConsoleFailure('confirmation-required', mainText('lookupOnlyConfirmRelease', { name: before.name }));
  if (release.profileName !== before.name)
    throw new ConsoleFailure(
      'confirmation-mismatch',
      mainText('lookupOnlyReleaseMismatch', { typed: release.profileName, name: before.name }),
    );
}
