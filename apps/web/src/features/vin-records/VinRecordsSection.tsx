import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ORDER_MESSAGES, REPORT_COST_CREDITS, creditCount } from '@vr/contracts';
import { useState } from 'react';
import { SearchPanel } from '../../components/lookup/SearchPanel.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useCreditBalance } from '../../lib/credits.ts';
import { saveLookupIntent } from '../../lib/lookup-intent.ts';
import { reportPreviewText } from '../../lib/report-preview.ts';
import { openOrderReport } from './api.ts';
import { isBusy, progressText, shownVehicle } from './lookup-state.ts';
import { MyVinLookups } from './MyVinLookups.tsx';
import { useElapsedSeconds } from './use-elapsed-seconds.ts';
import { useLookupIntent } from './use-lookup-intent.ts';
import { useVinLookup } from './use-vin-lookup.ts';
import { VehicleCard } from './VehicleCard.tsx';

export interface VinRecordsSectionProps {
  /** Switches the dashboard to Buy Credits (the no-credit warning offers it). */
  onBuyCredits: () => void;
}

/**
 * Dashboard section 1, "VIN Records" (docs/product-rules.md#lookups): look a vehicle up by
 * VIN or plate, order its report for one credit (automatically after a plate lookup, with a
 * moment to cancel), and list 'My VIN Lookups'. A lookup interrupted by a sign-in or by Buy
 * Credits carries on here (lib/lookup-intent.ts). The lookup runs in useVinLookup; this is its
 * view.
 */
export function VinRecordsSection({ onBuyCredits }: VinRecordsSectionProps) {
  const balance = useCreditBalance();
  const toast = useToast();
  const [vin, setVin] = useState('');
  const flow = useVinLookup();
  const { state, preview, noRecords, existing, autoOrder } = flow;
  const { lookup, error, noCredit } = state;
  const elapsed = useElapsedSeconds(lookup.phase === 'plate' ? lookup.startedAt : null);

  useLookupIntent((intent) => {
    if (intent.searchType === 'vin') {
      setVin(intent.vin);
      flow.searchVin(intent.vin);
    } else if (intent.vin) void flow.decodePlateVin(intent.vin);
    else void flow.searchPlate(intent.state, intent.plate);
  });

  const buyCredits = () => {
    // After the purchase the dashboard comes back here, to the vehicle.
    if (lookup.phase === 'found') saveLookupIntent({ searchType: 'vin', vin: lookup.vehicle.vin });
    onBuyCredits();
  };

  const busy = isBusy(state);
  const progress = progressText(state, elapsed);
  const shown = shownVehicle(state);

  return (
    <>
      <SectionCard title="Vehicle Lookup">
        <SearchPanel
          vinSearch={{
            vin,
            onVinChange: (next) => {
              setVin(next);
              flow.editVin();
            },
            onSearch: () => flow.searchVin(vin),
            pending: busy,
            error: null,
          }}
          plateSearch={{
            onSearch: (plateState, plate) => void flow.searchPlate(plateState, plate),
            pending: busy,
            error: null,
            progress: null,
          }}
        />
        {progress ? (
          <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {progress}
            </Typography>
            <LinearProgress />
          </Box>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {shown ? <VehicleCard vehicle={shown} /> : null}
        {lookup.phase === 'found' && !existing ? (
          <Typography
            variant="body2"
            sx={{ mt: 1 }}
            color={noRecords ? 'warning.main' : 'text.secondary'}
            aria-label="Report preview"
          >
            {reportPreviewText(preview)}
          </Typography>
        ) : null}
        {lookup.phase === 'found' && existing ? (
          <Alert
            severity="info"
            sx={{ mt: 2 }}
            action={
              existing.completed ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() =>
                    void openOrderReport(existing.orderId).catch((err: unknown) =>
                      toast.error((err as Error).message),
                    )
                  }
                >
                  View Report
                </Button>
              ) : undefined
            }
          >
            {existing.message}
          </Alert>
        ) : null}
        {noCredit ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={buyCredits}>
                Buy Credits
              </Button>
            }
          >
            {ORDER_MESSAGES.insufficientCredits}
          </Alert>
        ) : null}
        {lookup.phase === 'found' && !noCredit ? (
          <Box sx={{ mt: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {autoOrder ? (
              <>
                <Typography role="status">
                  Ordering its report for {creditCount(REPORT_COST_CREDITS)}…
                </Typography>
                <Button variant="outlined" onClick={flow.cancelAutoOrder}>
                  Cancel
                </Button>
              </>
            ) : existing && !existing.completed ? null : (
              <Button
                variant="contained"
                disabled={noRecords}
                onClick={() => void flow.order(lookup.vehicle, Boolean(existing))}
              >
                {existing ? 'Order a Fresh Report' : 'Order Report'} (
                {creditCount(REPORT_COST_CREDITS)})
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              Balance: {creditCount(balance)}
            </Typography>
          </Box>
        ) : null}
        {lookup.phase === 'ordering' ? (
          <Typography sx={{ mt: 2 }} role="status">
            Placing your order…
          </Typography>
        ) : null}
        {lookup.phase === 'ordered' ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            Report ordered. It appears below as Processing until it is ready.
          </Alert>
        ) : null}
      </SectionCard>
      <MyVinLookups />
    </>
  );
}
