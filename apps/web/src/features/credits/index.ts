/** Credits: the Buy Credits and Purchase History sections, the purchase of a package, the header's balance. */
export { BuyCreditsSection } from './BuyCreditsSection.tsx';
export { HeaderBalance } from './HeaderBalance.tsx';
export { PurchaseHistorySection } from './PurchaseHistorySection.tsx';
