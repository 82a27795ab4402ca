/** What a pending payment offers to do, by status (docs/product-rules.md#pending-payments). */
export const canConfirm = (status: string) => status === 'requires_confirmation';
export const canVerify = (status: string) => status === 'requires_action';
export const canCancel = (status: string) => status !== 'succeeded' && status !== 'canceled';
