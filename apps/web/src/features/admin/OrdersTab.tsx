import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminOrderCounts, type AdminReportOrder } from '@vr/contracts';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { ListStatus } from './ListStatus.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { Pager } from './Pager.tsx';
import { UploadReportDialog } from './UploadReportDialog.tsx';
import {
  downloadReport,
  useAdminOrders,
  useMarkProcessing,
  useOrderCounts,
  useUserOrders,
  type OrderFilter,
} from './api.ts';
import { formatDateTime } from './format.ts';

const FILTERS: { value: OrderFilter; label: string; count: keyof AdminOrderCounts }[] = [
  { value: 'all', label: 'All Orders', count: 'total' },
  { value: 'pending', label: 'Pending', count: 'pending' },
  { value: 'processing', label: 'Processing', count: 'processing' },
  { value: 'completed', label: 'Completed', count: 'completed' },
];

const STATUS_COLOR = {
  Pending: 'warning',
  Processing: 'info',
  Completed: 'success',
  Refunded: 'default',
} as const;

function OrdersTable({
  rows,
  onUpload,
}: {
  rows: AdminReportOrder[];
  onUpload: (order: AdminReportOrder) => void;
}) {
  const toast = useToast();
  const markProcessing = useMarkProcessing();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Report Orders">
        <TableHead>
          <TableRow>
            <TableCell>Order ID</TableCell>
            <TableCell>User ID</TableCell>
            <TableCell>VIN Code</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Created Date</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((order) => (
            <TableRow key={order.id}>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{order.id}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{order.userId}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{order.vin}</TableCell>
              <TableCell>
                <Chip size="small" label={order.status} color={STATUS_COLOR[order.status]} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {order.status === 'Pending' ? (
                  <Button
                    size="small"
                    disabled={markProcessing.isPending && markProcessing.variables === order.id}
                    onClick={() =>
                      markProcessing.mutate(order.id, {
                        onSuccess: (body) => toast.success(body.message),
                        onError: (err) => toast.error(err.message),
                      })
                    }
                    aria-label={`Mark order ${order.id} as Processing`}
                  >
                    Mark Processing
                  </Button>
                ) : null}
                <Button
                  size="small"
                  onClick={() => onUpload(order)}
                  disabled={order.status === 'Refunded'}
                  aria-label={`Upload report for order ${order.id}`}
                >
                  Upload
                </Button>
                <Button
                  size="small"
                  disabled={!order.reportUrl}
                  onClick={() =>
                    void downloadReport(order).catch((err: Error) => toast.error(err.message))
                  }
                  aria-label={`Download report for order ${order.id}`}
                >
                  Download
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Tab 2, Report Orders: filters with counts, search by user, the queue and the upload. */
export function OrdersTab() {
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [page, setPage] = useState(1);
  const [userInput, setUserInput] = useState('');
  const [searchedUser, setSearchedUser] = useState<string | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<AdminReportOrder | null>(null);

  const counts = useOrderCounts();
  const listed = useAdminOrders(filter, page, searchedUser === null);
  const byUser = useUserOrders(searchedUser, page);
  const active = searchedUser === null ? listed : byUser;
  const rows = active.data?.data ?? [];
  const pagination = active.data?.pagination;

  const refresh = () => {
    void counts.refetch();
    void active.refetch();
  };

  const search = () => {
    const id = userInput.trim();
    if (!id) {
      setSearchError(ADMIN_MESSAGES.invalidUserId);
      return;
    }
    setSearchError(null);
    setSearchedUser(id);
    setPage(1);
  };

  const clearSearch = () => {
    setUserInput('');
    setSearchedUser(null);
    setSearchError(null);
    setPage(1);
  };

  const filterLabel = FILTERS.find((f) => f.value === filter)?.label ?? 'All Orders';
  const emptyText =
    searchedUser !== null
      ? ADMIN_MESSAGES.noOrdersForUser
      : `No ${filterLabel.toLowerCase()} found`;

  return (
    <Box>
      <PanelToolbar
        title="Report Orders"
        onRefresh={refresh}
        refreshing={active.isFetching || counts.isFetching}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={searchedUser === null ? filter : null}
        onChange={(_event, value: OrderFilter | null) => {
          if (!value) return;
          setFilter(value);
          setSearchedUser(null);
          setPage(1);
        }}
        aria-label="Order status filter"
        sx={(theme) => ({
          mb: 2,
          // On a phone the four filters stand as a 2 × 2 grid of separate buttons.
          [theme.breakpoints.down('sm')]: {
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: 1,
            '& .MuiToggleButtonGroup-grouped.MuiToggleButton-root': {
              m: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            },
          },
        })}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f.value} value={f.value} sx={{ textTransform: 'none' }}>
            {f.label} ({counts.data ? counts.data[f.count] : '…'})
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {counts.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {ADMIN_MESSAGES.ordersErrorPrefix} {counts.error.message}
        </Alert>
      ) : null}

      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <TextField
          size="small"
          label="Search by User ID"
          value={userInput}
          onChange={(event) => {
            setUserInput(event.target.value);
            setSearchError(null);
          }}
          error={Boolean(searchError)}
          helperText={searchError ?? undefined}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" disabled={!userInput.trim()}>
          Search
        </Button>
        <Button onClick={clearSearch} disabled={searchedUser === null && !userInput}>
          Clear Search
        </Button>
      </Box>
      {searchedUser !== null && byUser.data ? (
        <Alert severity={byUser.data.totalCount > 0 ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
          {byUser.data.message} (user {byUser.data.userId}, {byUser.data.totalCount} orders)
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Currently showing: {searchedUser !== null ? `orders of user ${searchedUser}` : filterLabel}
      </Typography>

      <ListStatus
        loading={active.isPending && active.fetchStatus !== 'idle'}
        error={active.isError ? active.error : null}
        errorPrefix={ADMIN_MESSAGES.ordersErrorPrefix}
        empty={rows.length === 0}
        emptyText={emptyText}
        onRetry={() => void active.refetch()}
      />
      {!active.isPending && !active.isError && rows.length > 0 ? (
        <>
          <OrdersTable rows={rows} onUpload={setUploading} />
          {pagination ? (
            <Pager
              page={pagination.current}
              pages={pagination.pages}
              shown={rows.length}
              total={pagination.total}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}
      <UploadReportDialog
        order={uploading}
        onClose={() => {
          setUploading(null);
          void counts.refetch();
        }}
      />
    </Box>
  );
}
