/**
 * Where an exchange's profile has its credentials: the origin of that profile's base URL as main lists it,
 * or null when the exchange names no profile this console has (an imported record, a deleted profile).
 * Generated code reads the user's credentials only for a request going there (server-code, Copy as cURL).
 */
import { originOf } from '@shared/origin';
import { useProfilesStore } from '../stores/profiles';

export function useCredentialOrigin(): (profileId: string | null) => string | null {
  const profiles = useProfilesStore();
  return (profileId) => {
    const profile = profileId === null ? undefined : profiles.profiles.find((entry) => entry.id === profileId);
    return profile ? originOf(profile.baseUrl) : null;
  };
}
