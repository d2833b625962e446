import { createContext, useContext, type ReactNode } from 'react';

/**
 * Panels another feature shows inside the client profile (features never import each other:
 * app/ composes them). The billing feature's saved cards are the first: the route in app/
 * provides them, the profile's Saved cards tab renders what it is given.
 */
export type ProfilePanels = {
  /** The client's saved cards (spec-2 §2 saved cards tab); absent: the tab is not shown. */
  savedCards?: (patientId: number) => ReactNode;
};

const ProfilePanelsContext = createContext<ProfilePanels>({});

export const ProfilePanelsProvider = ProfilePanelsContext.Provider;

export function useProfilePanels(): ProfilePanels {
  return useContext(ProfilePanelsContext);
}
