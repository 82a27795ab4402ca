import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  ADMIN_MESSAGES,
  countOf,
  type AdminOrderCounts,
  type AdminReportOrder,
} from '@vr/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '../../components/toast/toast-context.ts';
import { AdminTable, ID_CELL, NO_WRAP, UserCell, type AdminColumn } from './AdminTable.tsx';
import { PanelToolbar } from './PanelToolbar.tsx';
import { UploadReportDialog } from './UploadReportDialog.tsx';
import {
  downloadReport,
  useAdminOrders,
  useMarkProcessing,
  useOrderCounts,
  useRegenerate,
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

/** The user whose orders to show: any id, trimmed (the server says whether it has orders). */
const userSearchSchema = z.object({
  userId: z.string().trim().min(1, ADMIN_MESSAGES.invalidUserId),
});
type UserSearchValues = z.infer<typeof userSearchSchema>;

const STATUS_COLOR = {
  Pending: 'warning',
  Processing: 'info',
  Completed: 'success',
  Refunded: 'default',
} as const;

/**
 * What report generation did: the report's source once attached, else the failed attempts, the
 * last error and the next try (docs/admin-api.md).
 */
function generationText(order: AdminReportOrder): string {
  if (order.reportSource) return order.reportSource === 'uploaded' ? 'Uploaded' : 'Generated';
  const { attempts, lastError, nextAttemptAt } = order.generation;
  if (attempts === 0) return order.status === 'Refunded' ? '—' : 'Generating';
  const next = nextAttemptAt ? `; next try ${formatDateTime(nextAttemptAt)}` : '';
  return `${attempts} failed (${lastError ?? 'unknown error'})${next}`;
}

/**
 * The Actions cell: Regenerate, Mark Processing (pending orders handled by hand), Upload (which
 * overrides a generated report) and Download.
 */
function OrderActions({
  order,
  onUpload,
}: {
  order: AdminReportOrder;
  onUpload: (order: AdminReportOrder) => void;
}) {
  const toast = useToast();
  const markProcessing = useMarkProcessing();
  const regenerate = useRegenerate();
  return (
    <>
      <Button
        size="small"
        disabled={
          order.status === 'Refunded' ||
          order.reportSource === 'uploaded' ||
          (regenerate.isPending && regenerate.variables === order.id)
        }
        onClick={() =>
          regenerate.mutate(order.id, {
            onSuccess: (body) => toast.success(body.message),
            onError: (err) => toast.error(err.message),
          })
        }
        aria-label={`Regenerate report for order ${order.id}`}
      >
        Regenerate
      </Button>
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
          aria-label={`Mark Processing order ${order.id}`}
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
        onClick={() => void downloadReport(order).catch((err: Error) => toast.error(err.message))}
        aria-label={`Download report for order ${order.id}`}
      >
        Download
      </Button>
    </>
  );
}

function orderColumns(
  onUpload: (order: AdminReportOrder) => void,
): AdminColumn<AdminReportOrder>[] {
  return [
    { header: 'Order ID', cell: (order) => order.id, sx: ID_CELL },
    { header: 'User', cell: (order) => <UserCell email={order.userEmail} id={order.userId} /> },
    { header: 'VIN Code', cell: (order) => order.vin, sx: { fontFamily: 'monospace' } },
    {
      header: 'Status',
      cell: (order) => (
        <Chip size="small" label={order.status} color={STATUS_COLOR[order.status]} />
      ),
    },
    { header: 'Created Date', cell: (order) => formatDateTime(order.createdAt), sx: NO_WRAP },
    { header: 'Report', cell: generationText },
    {
      header: 'Actions',
      cell: (order) => <OrderActions order={order} onUpload={onUpload} />,
      sx: NO_WRAP,
    },
  ];
}

/** Tab 2, Report Orders: filters with counts, search by user, the queue and the upload. */
export function OrdersTab() {
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [page, setPage] = useState(1);
  /** The user whose orders are shown; the field's text is applied by Search. */
  const [searchedUser, setSearchedUser] = useState<string | null>(null);
  const search = useForm<UserSearchValues>({
    defaultValues: { userId: '' },
    resolver: zodResolver(userSearchSchema),
    // The message shows on Search and goes when the field is edited.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field: userInput, fieldState } = useController({
    control: search.control,
    name: 'userId',
  });
  const searchError = fieldState.error?.message;
  const [uploading, setUploading] = useState<AdminReportOrder | null>(null);

  const counts = useOrderCounts();
  const listed = useAdminOrders(filter, page, searchedUser === null);
  const byUser = useUserOrders(searchedUser, page);
  const active = searchedUser === null ? listed : byUser;
  const pagination = active.data?.pagination;

  const refresh = () => {
    void counts.refetch();
    void active.refetch();
  };

  const searchUser = search.handleSubmit(({ userId }) => {
    setSearchedUser(userId);
    setPage(1);
  });

  const clearSearch = () => {
    search.reset();
    setSearchedUser(null);
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
        onSubmit={(event) => void searchUser(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
      >
        <TextField
          size="small"
          label="Search by User ID"
          name={userInput.name}
          value={userInput.value}
          inputRef={userInput.ref}
          onChange={(event) => {
            userInput.onChange(event);
            search.clearErrors('userId');
          }}
          onBlur={userInput.onBlur}
          error={Boolean(searchError)}
          helperText={searchError}
          sx={{ flex: '1 1 240px' }}
        />
        <Button type="submit" variant="contained" disabled={!userInput.value.trim()}>
          Search
        </Button>
        <Button onClick={clearSearch} disabled={searchedUser === null && !userInput.value}>
          Clear Search
        </Button>
      </Box>
      {searchedUser !== null && byUser.data ? (
        <Alert severity={byUser.data.totalCount > 0 ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
          {byUser.data.message} (user {byUser.data.userId},{' '}
          {countOf(byUser.data.totalCount, 'order')})
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Currently showing: {searchedUser !== null ? `orders of user ${searchedUser}` : filterLabel}
      </Typography>

      <AdminTable
        label="Report Orders"
        columns={orderColumns(setUploading)}
        rows={active.data?.data ?? []}
        loading={active.isPending && active.fetchStatus !== 'idle'}
        error={active.isError ? active.error : null}
        onRetry={() => void active.refetch()}
        errorPrefix={ADMIN_MESSAGES.ordersErrorPrefix}
        emptyText={emptyText}
        pager={
          pagination && {
            page: pagination.current,
            pages: pagination.pages,
            total: pagination.total,
            onPage: setPage,
          }
        }
      />
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
