import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { REPORT_CONTENTS, UNKNOWN, formatCents, type VehicleSummary } from '@vr/contracts';
import { DialogHeader } from './DialogHeader.tsx';

/** "2003 Honda Accord" from the parts the data knows; 'Unknown' when it knows none. */
export function vehicleTitle(v: VehicleSummary): string {
  const parts = [v.year, v.make, v.model].filter((p) => p !== UNKNOWN);
  return parts.length > 0 ? parts.join(' ') : UNKNOWN;
}

/**
 * Vehicle Found (docs/product-rules.md#screens): the free decode's fields and the offer of the full
 * lookup. Its button reads "Get Detailed Lookup" signed in and "Sign In for Lookup" otherwise.
 */
export default function VehicleFoundDialog({
  open,
  vehicle,
  fromCents,
  signedIn = false,
  onClose,
  onLookup,
  preview,
}: {
  open: boolean;
  vehicle: VehicleSummary;
  fromCents: number | null | undefined;
  signedIn?: boolean;
  onClose: () => void;
  onLookup: () => void;
  /** Signed in: what a report of this VIN can hold (lib/report-preview.ts), by the button. */
  preview?: string;
}) {
  const rows: [string, string][] = [
    ['VIN', vehicle.vin],
    ['Year', vehicle.year],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Engine', vehicle.engine],
    ['Transmission', vehicle.transmission],
    ['Body Class', vehicle.bodyClass],
    ['Fuel Type', vehicle.fuelType],
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="vehicle-found-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } } } }}
    >
      <DialogHeader id="vehicle-found-title" onClose={onClose}>
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" aria-hidden="true" />
          Vehicle Found
        </Box>
      </DialogHeader>
      {/* Focusable, so the keyboard scrolls a body taller than the dialog. */}
      <DialogContent dividers tabIndex={0} sx={{ px: { xs: 2.5, sm: 3 } }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>
          {vehicleTitle(vehicle)}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: { xs: 2, sm: 3 },
            rowGap: 1,
            m: 0,
            '& dt': {
              color: 'text.secondary',
              fontSize: { xs: '0.875rem', sm: '1rem' },
              pt: '2px',
            },
            '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          Decoded for free from NHTSA vehicle data.
        </Typography>
        <Box
          sx={{ mt: 3, p: 2.5, borderRadius: 3, bgcolor: '#eff6ff', border: '1px solid #bfdbfe' }}
        >
          <Typography component="h3" sx={{ fontWeight: 800, mb: 1 }}>
            Full vehicle history lookup
            {typeof fromCents === 'number' ? ` from ${formatCents(fromCents)}` : ''}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {REPORT_CONTENTS.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <CheckCircleIcon fontSize="small" color="primary" aria-hidden="true" />
                {item}
              </Box>
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap' }}>
        {preview ? (
          <Typography
            variant="body2"
            color="text.secondary"
            aria-label="Report preview"
            sx={{ mr: 'auto' }}
          >
            {preview}
          </Typography>
        ) : null}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" size="large" onClick={onLookup}>
          {signedIn ? 'Get Detailed Lookup' : 'Sign In for Lookup'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
