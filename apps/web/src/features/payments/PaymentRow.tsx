import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One saved card or pending payment: what it is, one line of detail, and its actions. */
export function PaymentRow({
  label,
  icon,
  title,
  detail,
  children,
}: {
  label?: string;
  icon?: ReactNode;
  title: ReactNode;
  detail: ReactNode;
  /** The status chip and the buttons, after the text. */
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      role={label ? 'group' : undefined}
      aria-label={label}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      {icon}
      <Box sx={{ mr: 'auto', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}
