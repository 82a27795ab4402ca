import { MOBILE_BREAKPOINT_PX } from '@vr/contracts';
import { useSyncExternalStore } from 'react';

const PHONE_OR_TABLET =
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|IEMobile|Opera Mini/i;

/** True on a phone or tablet, judged by its user agent. */
export function isPhoneOrTabletAgent(userAgent: string): boolean {
  return PHONE_OR_TABLET.test(userAgent);
}

/** The width and pointer half of the rule, as a media query (app/prerender.tsx uses it too). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px), (pointer: coarse)`;

// Environments without matchMedia (jsdom) count as a desktop window.
const mediaQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_MEDIA_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const narrowOrTouchNow = () => mediaQuery()?.matches ?? false;

/**
 * The mobile layout rule (docs/product-rules.md#screens): a window 768 px wide or less, or a phone
 * or tablet (a touch-first pointer, or a phone or tablet user agent).
 */
export function useIsMobile(): boolean {
  const narrowOrTouch = useSyncExternalStore(subscribe, narrowOrTouchNow, () => false);
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return narrowOrTouch || isPhoneOrTabletAgent(agent);
}
