interface StripeInstance {
  confirmCardPayment(clientSecret: string): Promise<{
    paymentIntent?: { status: string };
    error?: { message?: string };
  }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeInstance;
  }
}

let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

/** Stripe.js, loaded from Stripe only when a payment in stripe mode first needs it. */
function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load'));
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Runs the card verification (3-D Secure) of a payment intent in Stripe's own dialog; resolves
 * with the intent's resulting status, rejects with Stripe's message when the verification fails.
 */
export async function confirmCardPayment(
  publishableKey: string,
  clientSecret: string,
): Promise<string> {
  const Stripe = await loadStripeJs();
  const result = await Stripe(publishableKey).confirmCardPayment(clientSecret);
  if (result.error) throw new Error(result.error.message ?? 'authentication failed');
  return result.paymentIntent?.status ?? 'processing';
}
