import Box from '@mui/material/Box';
import {
  ADMIN_MESSAGES,
  formatCents,
  purchaseDescription,
  type AdminCreditPurchase,
} from '@vr/contracts';
import { useState } from 'react';
import { AdminTable, ID_CELL, NO_WRAP, UserCell, type AdminColumn } from './AdminTable.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { useAdminPurchases } from './api.ts';
import { formatDateTime } from './format.ts';

const COLUMNS: AdminColumn<AdminCreditPurchase>[] = [
  { header: 'Purchase ID', cell: (row) => row.id, sx: ID_CELL },
  { header: 'User', cell: (row) => <UserCell email={row.userEmail} id={row.userId} /> },
  { header: 'Amount ($)', cell: (row) => formatCents(row.amount), align: 'right' },
  { header: 'Credits', cell: (row) => row.credit, align: 'right' },
  { header: 'Description', cell: (row) => purchaseDescription(row.description) },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Purchase Date', cell: (row) => formatDateTime(row.createdAt), sx: NO_WRAP },
];

/** Tab 1, Credit Purchases: every customer's payment intents, newest first. */
export function PurchasesTab() {
  const [page, setPage] = useState(1);
  const purchases = useAdminPurchases(page);
  const total = purchases.data?.totalRecords ?? 0;
  const limit = purchases.data?.limit ?? 10;
  return (
    <Box>
      <PanelToolbar
        title="Credit Purchases"
        onRefresh={() => void purchases.refetch()}
        refreshing={purchases.isFetching}
      />
      <AdminTable
        label="Credit Purchases"
        columns={COLUMNS}
        rows={purchases.data?.data ?? []}
        loading={purchases.isPending}
        error={purchases.isError ? purchases.error : null}
        onRetry={() => void purchases.refetch()}
        errorPrefix={ADMIN_MESSAGES.purchasesErrorPrefix}
        emptyText={ADMIN_MESSAGES.noCreditPurchases}
        pager={{ page, pages: Math.ceil(total / limit), total, onPage: setPage }}
      />
    </Box>
  );
}
