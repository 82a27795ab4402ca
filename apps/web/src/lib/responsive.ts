import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@vr/contracts';

const PHONE_OR_TABLET =
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|IEMobile|Opera Mini/i;

/** True on a phone or tablet, judged by its user agent. */
export function isPhoneOrTabletAgent(userAgent: string): boolean {
  return PHONE_OR_TABLET.test(userAgent);
}

/**
 * The mobile layout rule (docs/product-rules.md#screens): a window 768 px wide or less, or a phone
 * or tablet (a touch-first pointer, or a phone or tablet user agent).
 */
export function useIsMobile(): boolean {
  const narrowOrTouch = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px), (pointer: coarse)`, {
    noSsr: true,
  });
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return narrowOrTouch || isPhoneOrTabletAgent(agent);
}
