import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Refresh from '@mui/icons-material/Refresh';
import type { ReactNode } from 'react';

/** A tab's heading with its Refresh button. */
export function PanelToolbar({
  title,
  onRefresh,
  refreshing,
  children,
}: {
  title: string;
  onRefresh: () => void;
  refreshing: boolean;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mr: 'auto' }}>
        {title}
      </Typography>
      {children}
      <Button
        variant="outlined"
        size="small"
        startIcon={<Refresh />}
        onClick={onRefresh}
        disabled={refreshing}
      >
        Refresh
      </Button>
    </Box>
  );
}
