// The types of @stripe/stripe-js also declare window.Stripe, the script's global.
import type { Stripe } from '@stripe/stripe-js';

/**
 * The payment script's own failure texts (docs/payments-api.md, "Stripe mode through the routes").
 */
export const STRIPE_LOAD_MESSAGES = {
  notLoaded: 'Stripe.js not loaded',
  failed: 'Failed to load Stripe script',
} as const;

const SCRIPT_URL = 'https://js.stripe.com/v3/';
let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

/** Stripe.js v3 from Stripe's host, added to the page the first time stripe mode needs it. */
function loadScript(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error(STRIPE_LOAD_MESSAGES.notLoaded));
    script.onerror = () => {
      loading = null;
      reject(new Error(STRIPE_LOAD_MESSAGES.failed));
    };
    document.head.append(script);
  });
  return loading;
}

/** A Stripe.js client for the publishable key; sandbox users never load the script. */
export async function getStripe(publishableKey: string): Promise<Stripe> {
  const StripeJs = await loadScript();
  return StripeJs(publishableKey);
}
