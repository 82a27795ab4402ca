import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  creditCount,
  formatCents,
  purchaseDescription,
  purchaseStatusLabel,
  type CreditHistoryItem,
} from '@vr/contracts';
import { PurchaseStatusChip } from '../../components/PurchaseStatusChip.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useIsMobile } from '../../lib/responsive.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatWhen } from '../../lib/format-when.ts';
import { useCreditHistory } from '../../lib/credits.ts';

/** A purchase's label, with the card's reason under it when it was declined. */
function PurchaseStatus({ row }: { row: CreditHistoryItem }) {
  const { label, reason } = purchaseStatusLabel(row.status, row.message);
  return (
    <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.25 }}>
      <PurchaseStatusChip label={label} />
      {reason ? (
        <Typography variant="caption" color="text.secondary">
          {reason}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Dashboard section 4, "Purchase History": the table of credit purchases. */
export function PurchaseHistorySection() {
  const history = useCreditHistory();
  const mobile = useIsMobile();
  const rows = history.data ?? [];
  return (
    <SectionCard title="Purchase History">
      <QueryStatus
        loading={history.isPending}
        error={history.isError ? history.error : null}
        onRetry={() => void history.refetch()}
        empty={rows.length === 0}
        emptyText="No purchases yet."
      />
      {rows.length > 0 && mobile ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <Paper key={row.id} variant="outlined" sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>
                  {purchaseDescription(row.description)}
                </Typography>
                <PurchaseStatus row={row} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatWhen(row.createdAt)} · {creditCount(row.credit)} · {formatCents(row.amount)}
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : null}
      {rows.length > 0 && !mobile ? (
        // Focusable, so a keyboard can scroll a table wider than the screen.
        <TableContainer tabIndex={0} role="region" aria-label="Purchase History table">
          <Table size="small" aria-label="Purchase History">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Credits</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(row.createdAt)}</TableCell>
                  <TableCell>{purchaseDescription(row.description)}</TableCell>
                  <TableCell align="right">{row.credit}</TableCell>
                  <TableCell align="right">{formatCents(row.amount)}</TableCell>
                  <TableCell>
                    <PurchaseStatus row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </SectionCard>
  );
}
