import { createContext, useContext } from 'react';
import type { SessionBody } from './api.ts';

export type SessionUser = SessionBody['user'];

export interface SessionState {
  /**
   * True until the first refresh has answered; a spinner shows meanwhile
   * (docs/product-rules.md#screens).
   */
  loading: boolean;
  user: SessionUser | null;
  /** Keeps a new session (sign-in or verification): token in memory, user in state. */
  establish: (session: SessionBody) => void;
  /** Ends the session on the server, forgets token and user, goes to `/`. */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionState>({
  loading: false,
  user: null,
  establish: () => undefined,
  signOut: async () => undefined,
});

export function useSession(): SessionState {
  return useContext(SessionContext);
}
