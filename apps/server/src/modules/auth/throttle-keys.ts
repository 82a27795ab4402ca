import { clientAddressKey } from '../../http/client-address.ts';

/**
 * The keys of the auth counters in `auth_throttles`. An address in a key is its client's
 * (client-address.ts): an IPv6 client is its /64.
 */
export const throttleKeys = {
  /** Failed sign-ins of an account, from every address (docs/decisions/0011). */
  signInAccount: (email: string) => `signin:account:${email}`,
  /** Failed sign-ins of an account from one address. */
  signInAccountFromIp: (email: string, ip: string) =>
    `signin:account-ip:${email}:${clientAddressKey(ip)}`,
  /** Sign-in codes mailed to an account under attack. */
  signInCodesToEmail: (email: string) => `signin:codes:${email}`,
  failuresFromIp: (ip: string) => `fail:ip:${clientAddressKey(ip)}`,
  codeSendsToEmail: (email: string) => `otp:email:${email}`,
  codeSendsFromIp: (ip: string) => `otp:ip:${clientAddressKey(ip)}`,
};
