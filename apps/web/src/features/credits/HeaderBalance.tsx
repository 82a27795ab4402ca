import Chip from '@mui/material/Chip';
import Toll from '@mui/icons-material/Toll';
import { creditCount } from '@vr/contracts';
import { useCreditBalance } from '../../lib/credits.ts';

/** The header's credit balance, shown only when above zero (docs/product-rules.md#screens). */
export function HeaderBalance() {
  const balance = useCreditBalance();
  if (balance <= 0) return null;
  return (
    <Chip
      icon={<Toll />}
      color="primary"
      variant="outlined"
      label={creditCount(balance)}
      aria-label={`Credit balance: ${balance}`}
      sx={{ fontWeight: 700 }}
    />
  );
}
