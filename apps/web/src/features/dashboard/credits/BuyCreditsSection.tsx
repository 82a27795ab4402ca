import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface BuyCreditsSectionProps {
  /** Switches the dashboard to Payment Info (a purchase without a saved card asks for one). */
  onAddPaymentMethod: () => void;
}

/** Dashboard section 3, "Buy Credits": the balance and the packages. */
export function BuyCreditsSection(_props: BuyCreditsSectionProps) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Buy Credits
      </Typography>
    </Paper>
  );
}
