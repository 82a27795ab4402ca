import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ADMIN_MESSAGES, formatCents, purchaseDescription } from '@vr/contracts';
import { useState } from 'react';
import { ListStatus } from './ListStatus.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { Pager } from './Pager.tsx';
import { useAdminPurchases } from './api.ts';
import { formatDateTime } from './format.ts';

/** Tab 1, Credit Purchases: every customer's payment intents, newest first. */
export function PurchasesTab() {
  const [page, setPage] = useState(1);
  const purchases = useAdminPurchases(page);
  const rows = purchases.data?.data ?? [];
  const total = purchases.data?.totalRecords ?? 0;
  const limit = purchases.data?.limit ?? 10;
  return (
    <Box>
      <PanelToolbar
        title="Credit Purchases"
        onRefresh={() => void purchases.refetch()}
        refreshing={purchases.isFetching}
      />
      <ListStatus
        loading={purchases.isPending}
        error={purchases.isError ? purchases.error : null}
        errorPrefix={ADMIN_MESSAGES.purchasesErrorPrefix}
        empty={rows.length === 0}
        emptyText={ADMIN_MESSAGES.noCreditPurchases}
        onRetry={() => void purchases.refetch()}
      />
      {!purchases.isPending && !purchases.isError && rows.length > 0 ? (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Credit Purchases">
              <TableHead>
                <TableRow>
                  <TableCell>Purchase ID</TableCell>
                  <TableCell>User ID</TableCell>
                  <TableCell align="right">Amount ($)</TableCell>
                  <TableCell align="right">Credits</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Purchase Date</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{row.id}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                      {row.userId}
                    </TableCell>
                    <TableCell align="right">{formatCents(row.amount)}</TableCell>
                    <TableCell align="right">{row.credit}</TableCell>
                    <TableCell>{purchaseDescription(row.description)}</TableCell>
                    <TableCell>{row.status}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.createdAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager
            page={page}
            pages={Math.ceil(total / limit)}
            shown={rows.length}
            total={total}
            onPage={setPage}
          />
        </>
      ) : null}
    </Box>
  );
}
