import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { authApi, refreshSession, type SessionBody } from '../lib/api.ts';
import { setToken } from '../lib/token.ts';
import { SessionContext, type SessionState, type SessionUser } from '../lib/session-context.ts';

/** A long-lived tab renews its token now and then (docs/auth-api.md). */
const RENEW_EVERY_MS = 60 * 60_000;

/**
 * The signed-in session: on load `POST /api/api/auth/refresh` turns the session cookie into a
 * bearer token (memory only) and the user; sign-in and verification hand over a new session.
 */
export function SessionProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  /** Where to go after sign-out: `/` (docs/product-rules.md#screens). */
  onSignedOut?: () => void;
}) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionUser | null>(null);
  const { mutateAsync: endSession } = useMutation({
    mutationFn: () => authApi('POST /sign-out', {}),
  });

  useEffect(() => {
    let live = true;
    void refreshSession().then((session) => {
      if (!live) return;
      setUser(session?.user ?? null);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!user) return;
    const timer = setInterval(() => {
      void refreshSession().then((session) => {
        if (!session) setUser(null);
      });
    }, RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, [user]);

  const establish = useCallback((session: SessionBody) => {
    setToken(session.token);
    setUser(session.user);
    setLoading(false);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await endSession();
    } catch {
      // the server session may already be gone; forget it here anyway
    }
    setToken(null);
    setUser(null);
    onSignedOut?.();
  }, [onSignedOut, endSession]);

  const value = useMemo<SessionState>(
    () => ({ loading, user, establish, signOut }),
    [loading, user, establish, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
