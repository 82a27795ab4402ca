/** The labels of payment intent statuses (docs/product-rules.md#card-payments). */
const LABELS: Record<string, string> = {
  requires_payment_method: 'Requires Payment Method',
  requires_confirmation: 'Requires Confirmation',
  requires_action: 'Requires Additional Verification',
  processing: 'Processing',
  requires_capture: 'Requires Capture',
  canceled: 'Canceled',
  succeeded: 'Successful',
  failed: 'Failed',
};

export const intentStatusLabel = (status: string) => LABELS[status] ?? status;

/** What a pending payment offers to do, by status (docs/product-rules.md#card-payments). */
export const canConfirm = (status: string) => status === 'requires_confirmation';
export const canCancel = (status: string) =>
  status === 'processing' || status === 'requires_action';
