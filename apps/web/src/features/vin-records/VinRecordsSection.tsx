import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  LOOKUP_MESSAGES,
  ORDER_MESSAGES,
  REPORT_COST_CREDITS,
  TIMINGS,
  creditCount,
  vehicleLabel,
  type VehicleSummary,
} from '@vr/contracts';
import { useEffect, useState } from 'react';
import { SearchPanel } from '../../components/lookup/SearchPanel.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { ApiError } from '../../lib/api.ts';
import { decodeVin } from '../../lib/decode.ts';
import { saveLookupIntent, takeLookupIntent } from '../../lib/lookup-intent.ts';
import { lookupPlate } from '../../lib/plate-lookup.ts';
import { CREDIT_KEYS, useCreditBalance, useFreshBalance } from '../../lib/credits.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { reportPreviewText, useReportPreview } from '../../lib/report-preview.ts';
import { ORDER_KEYS, createReportOrder, fetchMyOrders, openOrderReport } from './api.ts';
import { MyVinLookups } from './MyVinLookups.tsx';

export interface VinRecordsSectionProps {
  /** Switches the dashboard to Buy Credits (the no-credit warning offers it). */
  onBuyCredits: () => void;
}

type Lookup =
  | { phase: 'idle' }
  | { phase: 'plate'; state: string; plate: string; startedAt: number }
  | { phase: 'decoding'; vin: string; fromPlate: boolean }
  /** `autoOrder`: found from a plate, so ordered about 1 s later unless cancelled or refused. */
  | { phase: 'found'; vehicle: VehicleSummary; autoOrder: boolean }
  | { phase: 'ordering'; vehicle: VehicleSummary }
  | { phase: 'ordered'; vehicle: VehicleSummary };

/** The customer's order that a new one would repeat: opened or shown instead of charging. */
interface ExistingOrder {
  orderId: string;
  message: string;
  completed: boolean;
}

const newKey = () => globalThis.crypto.randomUUID();

function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

function VehicleCard({ vehicle }: { vehicle: VehicleSummary }) {
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

/**
 * Dashboard section 1, "VIN Records" (docs/product-rules.md#lookups): look a vehicle up by
 * VIN or plate, order its report for one credit (automatically after a plate lookup, with a
 * moment to cancel), and list 'My VIN Lookups'. A lookup interrupted by a sign-in or by Buy
 * Credits carries on here (lib/lookup-intent.ts).
 */
export function VinRecordsSection({ onBuyCredits }: VinRecordsSectionProps) {
  const balance = useCreditBalance();
  const client = useQueryClient();
  const toast = useToast();
  const [vin, setVin] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [noCredit, setNoCredit] = useState(false);
  const freshBalance = useFreshBalance();
  const [orderedMeanwhile, setOrderedMeanwhile] = useState<ExistingOrder | null>(null);
  const preview = useReportPreview(lookup.phase === 'found' ? lookup.vehicle.vin : null);
  const noRecords = preview.data?.hasRecords === false;
  const fromPreview = preview.data?.existing;
  const existing: ExistingOrder | null =
    orderedMeanwhile ??
    (fromPreview
      ? {
          orderId: fromPreview.orderId,
          message: fromPreview.message,
          completed: fromPreview.status === 'Completed',
        }
      : null);
  const elapsed = useElapsedSeconds(lookup.phase === 'plate' ? lookup.startedAt : null);

  const clearMessages = () => {
    setError(null);
    setNoCredit(false);
    setOrderedMeanwhile(null);
  };

  const order = async (vehicle: VehicleSummary, fresh = false) => {
    if ((await freshBalance()) < REPORT_COST_CREDITS) {
      setNoCredit(true);
      setLookup({ phase: 'found', vehicle, autoOrder: false });
      return;
    }
    clearMessages();
    setLookup({ phase: 'ordering', vehicle });
    const label = vehicleLabel({ year: vehicle.year, make: vehicle.make, model: vehicle.model });
    try {
      const placed = await createReportOrder(
        { vin: vehicle.vin, vehicle: label, ...(fresh ? { fresh } : {}) },
        newKey(),
      );
      if ('existing' in placed) {
        const earlier = (await fetchMyOrders()).find((o) => o.id === placed.existing.orderId);
        setOrderedMeanwhile({ ...placed.existing, completed: earlier?.status === 'Completed' });
        setLookup({ phase: 'found', vehicle, autoOrder: false });
        return;
      }
      setLookup({ phase: 'ordered', vehicle });
      toast.success(`Report ordered for ${label}. We e-mail you when it is ready.`);
    } catch (err) {
      setLookup({ phase: 'found', vehicle, autoOrder: false });
      if (err instanceof ApiError && err.status === 402) {
        setNoCredit(true);
      } else {
        setError(ORDER_MESSAGES.failedToOrder((err as Error).message));
      }
    } finally {
      // The next preview of the vehicle must name this order.
      client.removeQueries({ queryKey: ['orders', 'preview'] });
      await Promise.all([
        client.invalidateQueries({ queryKey: ORDER_KEYS.mine }),
        client.invalidateQueries({ queryKey: CREDIT_KEYS.balance }),
      ]);
    }
  };

  const decode = async (target: string, fromPlate: boolean) => {
    setLookup({ phase: 'decoding', vin: target, fromPlate });
    let vehicle: VehicleSummary;
    try {
      vehicle = await decodeVin(target);
    } catch (err) {
      setLookup({ phase: 'idle' });
      setError(
        fromPlate
          ? (err as Error).message === LOOKUP_MESSAGES.decodeNetwork
            ? ORDER_MESSAGES.foundVinNoDetails(target)
            : ORDER_MESSAGES.unableToDecode(target)
          : (err as Error).message,
      );
      return;
    }
    const covered = !fromPlate || (await freshBalance()) >= REPORT_COST_CREDITS;
    setNoCredit(!covered);
    setLookup({ phase: 'found', vehicle, autoOrder: fromPlate && covered });
  };

  const searchVin = (target: string) => {
    clearMessages();
    void decode(target, false);
  };

  const searchPlate = async (state: string, plate: string) => {
    clearMessages();
    setLookup({ phase: 'plate', state, plate, startedAt: Date.now() });
    let found: string;
    try {
      found = (await lookupPlate(state, plate)).vin!;
    } catch (err) {
      setLookup({ phase: 'idle' });
      setError((err as Error).message);
      return;
    }
    await decode(found, true);
  };

  // The automatic order of a plate search waits for the preview: none when it finds no records
  // or an order of the vehicle to open instead (a failed preview leaves the check to the server).
  const autoOrderPlanned =
    lookup.phase === 'found' && lookup.autoOrder && !noCredit && !noRecords && !existing;
  const autoOrderDue = autoOrderPlanned && !preview.isPending;
  useEffect(() => {
    if (!autoOrderDue || lookup.phase !== 'found') return;
    const vehicle = lookup.vehicle;
    const timer = setTimeout(() => void order(vehicle), TIMINGS.autoOrderMs);
    return () => clearTimeout(timer);
    // Armed once per found vehicle; `order` is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoOrderDue, lookup]);

  // A lookup interrupted by a sign-in or by Buy Credits carries on here.
  useEffect(() => {
    const intent = takeLookupIntent();
    if (!intent) return;
    const { vin: found } = intent;
    let carriedOn = false;
    const carryOn = () => {
      carriedOn = true;
      if (intent.searchType === 'vin') {
        setVin(intent.vin);
        searchVin(intent.vin);
      } else if (found) void decode(found, true);
      else void searchPlate(intent.state, intent.plate);
    };
    // A plate search found on the landing page is finished after a short pause
    // (docs/product-rules.md#lookups, the plate flow).
    const pause = intent.searchType === 'license_plate' && found ? TIMINGS.pendingPlateSearchMs : 0;
    const timer = setTimeout(carryOn, pause);
    return () => {
      clearTimeout(timer);
      // Unmounted before it ran (StrictMode does that once): it waits for the next mount.
      if (!carriedOn) saveLookupIntent(intent);
    };
    // Runs once, when the section opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const buyCredits = () => {
    // After the purchase the dashboard comes back here, to the vehicle.
    if (lookup.phase === 'found') saveLookupIntent({ searchType: 'vin', vin: lookup.vehicle.vin });
    onBuyCredits();
  };

  const busy =
    lookup.phase === 'plate' || lookup.phase === 'decoding' || lookup.phase === 'ordering';
  const progress =
    lookup.phase === 'plate'
      ? `Looking up ${lookup.state} plate ${lookup.plate}… ${elapsed} s (this can take up to 20 seconds)`
      : lookup.phase === 'decoding'
        ? `Found VIN ${lookup.vin}. Decoding the vehicle…`
        : null;
  const shown =
    lookup.phase === 'found' || lookup.phase === 'ordering' || lookup.phase === 'ordered'
      ? lookup.vehicle
      : null;

  return (
    <>
      <SectionCard title="Vehicle Lookup">
        <SearchPanel
          vinSearch={{
            vin,
            onVinChange: (next) => {
              setVin(next);
              setError(null);
            },
            onSearch: () => searchVin(vin),
            pending: busy,
            error: null,
          }}
          plateSearch={{
            onSearch: (state, plate) => void searchPlate(state, plate),
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
            {autoOrderPlanned ? (
              <>
                <Typography role="status">
                  Ordering its report for {creditCount(REPORT_COST_CREDITS)}…
                </Typography>
                <Button
                  variant="outlined"
                  onClick={() => setLookup({ ...lookup, autoOrder: false })}
                >
                  Cancel
                </Button>
              </>
            ) : existing && !existing.completed ? null : (
              <Button
                variant="contained"
                disabled={noRecords}
                onClick={() => void order(lookup.vehicle, Boolean(existing))}
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
