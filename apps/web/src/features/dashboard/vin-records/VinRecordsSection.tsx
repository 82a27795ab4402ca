import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface VinRecordsSectionProps {
  /** Switches the dashboard to Buy Credits (the no-credit warning offers it). */
  onBuyCredits: () => void;
}

/** Dashboard section 1, "VIN Records": the lookup and 'My VIN Lookups'. */
export function VinRecordsSection(_props: VinRecordsSectionProps) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        VIN Records
      </Typography>
    </Paper>
  );
}
