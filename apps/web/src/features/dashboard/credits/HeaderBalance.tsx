/** The header's credit balance, shown only when above zero (spec section 1). */
export function HeaderBalance() {
  return null;
}
