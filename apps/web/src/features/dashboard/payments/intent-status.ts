/** The labels of spec section 4, "Payment intent statuses and labels". */
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

/** Spec section 4, "Pending payment actions". */
export const canConfirm = (status: string) => status === 'requires_confirmation';
export const canCancel = (status: string) =>
  status === 'processing' || status === 'requires_action';
