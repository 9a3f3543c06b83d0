import { createContext } from 'react';

/**
 * Whether a navigation is under way and the screen shown is still the old one: the next screen
 * waits for its code or data (AppRouter's transition). False on the server and on first render.
 */
export const NavigationPendingContext = createContext(false);
