import Chip from '@mui/material/Chip';
import { PURCHASE_LABELS, type PurchaseLabel } from '@vr/contracts';

/**
 * Dark text on a light tint: at least 4.5:1 for every label (WCAG AA), where MUI's filled
 * warning and success chips fall to about 3:1.
 */
const TONES: Record<PurchaseLabel, { color: string; bgcolor: string }> = {
  [PURCHASE_LABELS.completed]: { color: '#1b5e20', bgcolor: '#e8f5e9' },
  [PURCHASE_LABELS.pending]: { color: '#7a3a00', bgcolor: '#fff3e0' },
  [PURCHASE_LABELS.awaitingVerification]: { color: '#7a3a00', bgcolor: '#fff3e0' },
  [PURCHASE_LABELS.canceled]: { color: '#424242', bgcolor: '#eeeeee' },
  [PURCHASE_LABELS.declined]: { color: '#b71c1c', bgcolor: '#fdecea' },
  [PURCHASE_LABELS.failed]: { color: '#b71c1c', bgcolor: '#fdecea' },
};

/** A purchase's label (docs/product-rules.md#purchase-labels) as a chip. */
export function PurchaseStatusChip({ label }: { label: PurchaseLabel }) {
  return <Chip size="small" label={label} sx={{ fontWeight: 600, ...TONES[label] }} />;
}
