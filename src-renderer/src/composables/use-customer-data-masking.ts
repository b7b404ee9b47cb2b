import type { Exchange } from '@shared/exchange';
import { masksCustomerData, maskCustomerDataInText } from '@shared/support/customer-data';
import { useProfilesStore } from '../stores/profiles';

/**
 * Whether customer data shows masked, for the views and exports outside the support screens (Inspector,
 * History export): while a production or lookup-only profile is active, and for data that belongs to
 * such a profile whatever profile is active. A profile since deleted falls back to its environment.
 */
export function useCustomerDataMasking() {
  const profiles = useProfilesStore();
  const masks = (profileId: string | null, environment?: string): boolean => {
    if (profiles.active && masksCustomerData(profiles.active)) return true;
    const own = profileId ? profiles.byId(profileId) : undefined;
    return own ? masksCustomerData(own) : environment === 'production';
  };
  const exchange = (shown: Exchange): Exchange =>
    masks(shown.profileId)
      ? {
          ...shown,
          request: { ...shown.request, body: shown.request.body && maskCustomerDataInText(shown.request.body) },
          response: shown.response && { ...shown.response, bodyText: maskCustomerDataInText(shown.response.bodyText) },
        }
      : shown;
  return { masks, exchange };
}
