import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCents, purchaseDescription } from '@vr/contracts';
import { useIsMobile } from '../../../lib/responsive.ts';
import { QueryStatus } from '../QueryStatus.tsx';
import { SectionCard } from '../SectionCard.tsx';
import { useCreditHistory } from './api.ts';

/** How a purchase's status is shown (docs/product-rules.md#card-payments). */
export function historyStatus(status: string): 'Completed' | 'Pending' | 'Failed' {
  if (status === 'succeeded') return 'Completed';
  if (status === 'pending') return 'Pending';
  return 'Failed';
}

const COLOR = { Completed: 'success', Pending: 'warning', Failed: 'default' } as const;
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
      />
      {history.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No purchases yet.
        </Typography>
      ) : null}
      {rows.length > 0 && mobile ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {rows.map((row) => {
            const status = historyStatus(row.status);
            return (
              <Paper key={row.id} variant="outlined" sx={{ p: 1.5 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>
                    {purchaseDescription(row.description)}
                  </Typography>
                  <Chip size="small" label={status} color={COLOR[status]} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {DATE.format(new Date(row.createdAt))} · {row.credit} credits ·{' '}
                  {formatCents(row.amount)}
                </Typography>
              </Paper>
            );
          })}
        </Box>
      ) : null}
      {rows.length > 0 && !mobile ? (
        <TableContainer>
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
              {rows.map((row) => {
                const status = historyStatus(row.status);
                return (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {DATE.format(new Date(row.createdAt))}
                    </TableCell>
                    <TableCell>{purchaseDescription(row.description)}</TableCell>
                    <TableCell align="right">{row.credit}</TableCell>
                    <TableCell align="right">{formatCents(row.amount)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={status} color={COLOR[status]} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </SectionCard>
  );
}
