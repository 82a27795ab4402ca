import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { VehicleSummary } from '@vr/contracts';

/** The decoded vehicle: VIN, year make model, engine, transmission, body and fuel. */
export function VehicleCard({ vehicle }: { vehicle: VehicleSummary }) {
  const rows: [string, string][] = [
    ['VIN', vehicle.vin],
    ['Vehicle', `${vehicle.year} ${vehicle.make} ${vehicle.model}`],
    ['Engine', vehicle.engine],
    ['Transmission', vehicle.transmission],
    ['Body class', vehicle.bodyClass],
    ['Fuel type', vehicle.fuelType],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, bgcolor: 'grey.50' }} aria-label="Vehicle found">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {k}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: k === 'Vehicle' ? 700 : 400, wordBreak: 'break-word' }}
            >
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
