import { useMutation } from '@tanstack/react-query';
import { api, authApi, type AuthKey, type AuthRequest } from '../../lib/api.ts';

/** One account endpoint as a mutation whose variables are the request's body. */
function useAuthCall<K extends AuthKey>(key: K) {
  return useMutation({
    mutationFn: (body: AuthRequest<K>['body']) => authApi(key, body),
  });
}

/** The auth dialog's calls (docs/auth-api.md), each a mutation. */
export function useAuthCalls() {
  return {
    signUp: useAuthCall('POST /sign-up/email'),
    verifyEmail: useAuthCall('POST /email-otp/verify-email'),
    resendVerification: useAuthCall('POST /email-otp/send-verification-otp'),
    signIn: useAuthCall('POST /sign-in/email'),
    requestReset: useAuthCall('POST /email-otp/request-password-reset'),
    resetPassword: useAuthCall('POST /email-otp/reset-password'),
    /** The backend profile of the identity just verified, with its new token. */
    register: useMutation({ mutationFn: () => api('POST /register', { body: {}, auth: true }) }),
  };
}
