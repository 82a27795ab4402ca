import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Dashboard section 4, "Purchase History": the table of credit purchases. */
export function PurchaseHistorySection() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Purchase History
      </Typography>
    </Paper>
  );
}
