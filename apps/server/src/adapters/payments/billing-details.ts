import type { BillingDetailsReceived } from '@vr/contracts';
import type { BillingDetails } from '../../db/schema.ts';

/** Billing details in Stripe's shape (from Stripe or the sandbox's form) as the server keeps them. */
export function storedBillingDetails(received: BillingDetailsReceived): BillingDetails {
  const address = received.address;
  return {
    name: received.name ?? null,
    email: received.email ?? null,
    phone: received.phone ?? null,
    address: address
      ? {
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postalCode: address.postal_code ?? null,
          country: address.country ?? null,
        }
      : null,
  };
}
