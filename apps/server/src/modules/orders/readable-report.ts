/**
 * Whether the owner can read an order's report: a Completed order's, and a Refunded one's that
 * had a report when its credit came back for a problem we found in it
 * (docs/product-rules.md#problems-with-a-report). An order refunded before its report was made
 * has none.
 */
export function hasReadableReport(order: { status: string; reportKey: string | null }): boolean {
  return order.reportKey !== null && (order.status === 'Completed' || order.status === 'Refunded');
}
