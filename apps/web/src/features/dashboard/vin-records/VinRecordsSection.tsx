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
  vehicleLabel,
  type VehicleSummary,
} from '@vr/contracts';
import { useEffect, useRef, useState } from 'react';
import { SearchPanel } from '../../../components/lookup/SearchPanel.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { decodeVin } from '../../../lib/decode.ts';
import { takePendingSearch } from '../../../lib/pending-search.ts';
import { lookupPlate } from '../../../lib/plate-lookup.ts';
import { CREDIT_KEYS, useCreditBalance, useFreshBalance } from '../credits/api.ts';
import { SectionCard } from '../SectionCard.tsx';
import { reportPreviewText, useReportPreview } from '../../../lib/report-preview.ts';
import { ORDER_KEYS, createReportOrder, fetchMyOrders } from './api.ts';
import { MyVinLookups } from './MyVinLookups.tsx';

export interface VinRecordsSectionProps {
  /** Switches the dashboard to Buy Credits (the no-credit warning offers it). */
  onBuyCredits: () => void;
}

type Lookup =
  | { phase: 'idle' }
  | { phase: 'plate'; state: string; plate: string; startedAt: number }
  | { phase: 'decoding'; vin: string; fromPlate: boolean }
  | { phase: 'found'; vehicle: VehicleSummary; fromPlate: boolean }
  | { phase: 'ordering'; vehicle: VehicleSummary }
  | { phase: 'ordered'; vehicle: VehicleSummary };

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
 * VIN or plate, order its report for one credit (automatically after a plate lookup), and list
 * 'My VIN Lookups'.
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
  const [existing, setExisting] = useState<string | null>(null);
  const previewVin =
    lookup.phase === 'found' || lookup.phase === 'ordering' || lookup.phase === 'ordered'
      ? lookup.vehicle.vin
      : null;
  const preview = useReportPreview(previewVin);
  const noRecords = preview.data?.hasRecords === false;

  /** The existing order's report opens; an open one's progress is in the list below. */
  const showExisting = async (orderId: string, message: string) => {
    setExisting(message);
    const found = (await fetchMyOrders()).find((o) => o.id === orderId);
    if (found?.reportUrl) window.open(found.reportUrl, '_blank');
  };
  const elapsed = useElapsedSeconds(lookup.phase === 'plate' ? lookup.startedAt : null);

  const order = async (vehicle: VehicleSummary) => {
    if ((await freshBalance()) < REPORT_COST_CREDITS) {
      setNoCredit(true);
      setLookup({ phase: 'found', vehicle, fromPlate: false });
      return;
    }
    setNoCredit(false);
    setError(null);
    setExisting(null);
    setLookup({ phase: 'ordering', vehicle });
    const label = vehicleLabel({ year: vehicle.year, make: vehicle.make, model: vehicle.model });
    try {
      const placed = await createReportOrder(vehicle.vin, label, newKey());
      if ('existing' in placed) {
        setLookup({ phase: 'found', vehicle, fromPlate: false });
        await showExisting(placed.existing.orderId, placed.existing.message);
        return;
      }
      setLookup({ phase: 'ordered', vehicle });
      toast.success(`Report ordered for ${label}. We e-mail you when it is ready.`);
    } catch (err) {
      setLookup({ phase: 'found', vehicle, fromPlate: false });
      if (err instanceof ApiError && err.status === 402) {
        setNoCredit(true);
      } else {
        setError(ORDER_MESSAGES.failedToOrder((err as Error).message));
      }
    } finally {
      await Promise.all([
        client.invalidateQueries({ queryKey: ORDER_KEYS.mine }),
        client.invalidateQueries({ queryKey: CREDIT_KEYS.balance }),
      ]);
    }
  };

  const decodeAndMaybeOrder = async (target: string, fromPlate: boolean) => {
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
    setLookup({ phase: 'found', vehicle, fromPlate });
    if (!fromPlate) return;
    if ((await freshBalance()) < REPORT_COST_CREDITS) {
      setNoCredit(true);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.autoOrderMs));
    await order(vehicle);
  };

  const searchVin = () => {
    setError(null);
    setExisting(null);
    setNoCredit(false);
    void decodeAndMaybeOrder(vin, false);
  };

  const searchPlate = async (state: string, plate: string) => {
    setError(null);
    setExisting(null);
    setNoCredit(false);
    setLookup({ phase: 'plate', state, plate, startedAt: Date.now() });
    let found: string;
    try {
      found = (await lookupPlate(state, plate)).vin!;
    } catch (err) {
      setLookup({ phase: 'idle' });
      setError((err as Error).message);
      return;
    }
    await decodeAndMaybeOrder(found, true);
  };

  // A plate search started on the landing page finishes here (docs/product-rules.md#lookups).
  const pendingHandled = useRef(false);
  useEffect(() => {
    if (pendingHandled.current) return;
    pendingHandled.current = true;
    const pending = takePendingSearch();
    if (!pending) return;
    const timer = setTimeout(
      () => void decodeAndMaybeOrder(pending.vin, true),
      TIMINGS.pendingPlateSearchMs,
    );
    return () => clearTimeout(timer);
    // Runs once, on the first render of the section.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
            onSearch: searchVin,
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
        {shown ? (
          <Typography
            variant="body2"
            sx={{ mt: 1 }}
            color={noRecords ? 'warning.main' : 'text.secondary'}
            aria-label="Report preview"
          >
            {reportPreviewText(preview)}
          </Typography>
        ) : null}
        {existing ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {existing}
          </Alert>
        ) : null}
        {noCredit ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onBuyCredits}>
                Buy Credits
              </Button>
            }
          >
            {ORDER_MESSAGES.insufficientCredits}
          </Alert>
        ) : null}
        {lookup.phase === 'found' && !noCredit ? (
          <Box sx={{ mt: 2, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {lookup.fromPlate ? (
              <Typography color="text.secondary">Ordering the report…</Typography>
            ) : (
              <Button
                variant="contained"
                disabled={noRecords}
                onClick={() => void order(lookup.vehicle)}
              >
                Order Report ({REPORT_COST_CREDITS} credit)
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              Balance: {balance} {balance === 1 ? 'credit' : 'credits'}
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
