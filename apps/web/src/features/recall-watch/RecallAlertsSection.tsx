import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NHTSA_RECALL_LOOKUP_URL, RECALL_WATCH_TEXTS, type WatchedVehicle } from '@vr/contracts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useSetWatching, useWatchedVehicles } from './api.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const day = (iso: string) => DAY.format(new Date(iso));

function Campaign({ c }: { c: WatchedVehicle['campaigns'][number] }) {
  const warning = c.parkIt
    ? RECALL_WATCH_TEXTS.parkIt
    : c.parkOutside
      ? RECALL_WATCH_TEXTS.parkOutside
      : null;
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {c.component}{' '}
        <Chip component="span" size="small" label={c.campaignNumber} sx={{ ml: 0.5 }} />
      </Typography>
      {warning ? (
        <Typography color="error" sx={{ fontWeight: 700 }}>
          {warning}
        </Typography>
      ) : null}
      <Typography variant="body2">{c.summary}</Typography>
      <Typography variant="body2" color="text.secondary">
        Consequence: {c.consequence}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Remedy: {c.remedy}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Found {day(c.foundAt)}
      </Typography>
    </Box>
  );
}

function WatchedVehicleCard({ v }: { v: WatchedVehicle }) {
  const setWatching = useSetWatching();
  const toast = useToast();
  const status =
    v.state === 'on'
      ? RECALL_WATCH_TEXTS.watchingUntil(day(v.watchUntil))
      : v.state === 'off'
        ? RECALL_WATCH_TEXTS.off
        : RECALL_WATCH_TEXTS.ended(day(v.watchUntil));
  const toggle = (watching: boolean) =>
    setWatching.mutate(
      { id: v.id, watching },
      {
        onSuccess: () =>
          toast.success(watching ? RECALL_WATCH_TEXTS.turnedOn : RECALL_WATCH_TEXTS.turnedOff),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="watched-vehicle">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{v.vehicle}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {v.vin}
          </Typography>
        </Box>
        {v.state === 'ended' ? null : (
          <Button
            size="small"
            variant={v.state === 'on' ? 'outlined' : 'contained'}
            disabled={setWatching.isPending}
            onClick={() => toggle(v.state !== 'on')}
            aria-label={`${v.state === 'on' ? RECALL_WATCH_TEXTS.turnOff : RECALL_WATCH_TEXTS.turnOn} recall alerts for ${v.vehicle}`}
          >
            {v.state === 'on' ? RECALL_WATCH_TEXTS.turnOff : RECALL_WATCH_TEXTS.turnOn}
          </Button>
        )}
      </Box>
      <Typography
        variant="body2"
        sx={{ mt: 1, fontWeight: 600 }}
        color={v.state === 'on' ? 'success.main' : 'text.secondary'}
      >
        {status}
      </Typography>
      {v.campaigns.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {RECALL_WATCH_TEXTS.none}
        </Typography>
      ) : (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
            {RECALL_WATCH_TEXTS.found} ({v.campaigns.length})
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {v.campaigns.map((c) => (
              <Campaign key={c.campaignNumber} c={c} />
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/**
 * Dashboard section "Recall Alerts": every vehicle the customer ordered a report for, until when
 * it is watched for new recalls (or off), a control to turn that off or on, and the campaigns
 * found since its report.
 */
export function RecallAlertsSection() {
  const watches = useWatchedVehicles();
  const vehicles = watches.data?.vehicles ?? [];
  return (
    <SectionCard title={RECALL_WATCH_TEXTS.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {RECALL_WATCH_TEXTS.intro}{' '}
        <Link href={NHTSA_RECALL_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
          {RECALL_WATCH_TEXTS.checkOwn}
        </Link>
      </Typography>
      {watches.data?.sandbox ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {RECALL_WATCH_TEXTS.sandbox}
        </Alert>
      ) : null}
      <QueryStatus
        loading={watches.isPending}
        error={watches.isError ? watches.error : null}
        onRetry={() => void watches.refetch()}
        empty={vehicles.length === 0}
        emptyText={RECALL_WATCH_TEXTS.empty}
      />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {vehicles.map((v) => (
          <WatchedVehicleCard key={v.id} v={v} />
        ))}
      </Box>
    </SectionCard>
  );
}
