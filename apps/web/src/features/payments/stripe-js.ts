import { getStripe } from '../../lib/stripe.ts';

/**
 * Runs the card verification (3-D Secure) of a payment intent in Stripe's own dialog; resolves
 * with the intent's resulting status, rejects with Stripe's message when the verification fails.
 */
export async function confirmCardPayment(
  publishableKey: string,
  clientSecret: string,
): Promise<string> {
  const stripe = await getStripe(publishableKey);
  const result = await stripe.confirmCardPayment(clientSecret);
  if (result.error) throw new Error(result.error.message ?? 'authentication failed');
  return result.paymentIntent?.status ?? 'processing';
}
