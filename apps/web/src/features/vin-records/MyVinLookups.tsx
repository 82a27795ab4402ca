import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  REPORT_COST_CREDITS,
  creditCount,
  reportViewPath,
  type CustomerReportOrder,
} from '@vr/contracts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatWhen } from '../../lib/format-when.ts';
import { orderNumber, useMyOrders } from './api.ts';
import { ProblemState } from '../../components/problems/ProblemState.tsx';
import { ReportProblemButton } from './OrderProblem.tsx';

/**
 * Customers see Processing for anything not Completed or Refunded
 * (docs/product-rules.md#order-statuses).
 */
function shownStatus(order: CustomerReportOrder) {
  if (order.status === 'Completed') return { label: 'Completed', color: 'success' as const };
  if (order.status === 'Refunded') return { label: 'Refunded', color: 'default' as const };
  return { label: 'Processing', color: 'info' as const };
}

function OrderItem({ order }: { order: CustomerReportOrder }) {
  const status = shownStatus(order);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <Box sx={{ mr: 'auto', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{order.vehicle}</Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', letterSpacing: '0.04em' }}>
          {order.vin}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Ordered {formatWhen(order.createdAt)} · Order&nbsp;{orderNumber(order.id)} · Cost:{' '}
          {creditCount(REPORT_COST_CREDITS)}
        </Typography>
        {/* A refund for a problem is told with the problem's answer, below. */}
        {order.status === 'Refunded' && order.problem?.outcome !== 'refund' ? (
          <Typography variant="body2" color="text.secondary">
            The report could not be delivered; the credit was returned to your balance. The e-mail
            we sent says why.
          </Typography>
        ) : null}
        {order.progress ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {order.progress}
          </Typography>
        ) : null}
        <ProblemState problem={order.problem} />
      </Box>
      <Chip size="small" label={status.label} color={status.color} />
      <ReportProblemButton order={order} />
      {order.status === 'Completed' || order.reportUrl ? (
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={reportViewPath(order.id)}
        >
          View Report
        </Button>
      ) : null}
    </Paper>
  );
}

/** 'My VIN Lookups': the customer's report orders, newest first. */
export function MyVinLookups() {
  const orders = useMyOrders();
  const list = orders.data ?? [];
  return (
    <SectionCard title="My VIN Lookups">
      <QueryStatus
        loading={orders.isPending}
        error={orders.isError ? orders.error : null}
        onRetry={() => void orders.refetch()}
        empty={list.length === 0}
        emptyText="No lookups yet. Search a VIN or a license plate above to order your first report."
      />
      {!orders.isError ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {list.map((order) => (
            <OrderItem key={order.id} order={order} />
          ))}
        </Box>
      ) : null}
    </SectionCard>
  );
}
