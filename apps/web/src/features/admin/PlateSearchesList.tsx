import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminPlateSearch } from '@vr/contracts';
import { useState } from 'react';
import { useIsMobile } from '../../lib/responsive.ts';
import { AdminTable, NO_WRAP, type AdminColumn } from './AdminTable.tsx';
import { usePlateSearches } from './api.ts';
import { formatDateTime } from './format.ts';

function outcomeText(row: AdminPlateSearch): string {
  if (row.outcome === 'found') return `Found ${row.vin ?? ''}`.trim();
  if (row.outcome === 'not_found') return 'Not found';
  return `Error: ${row.error ?? 'unknown'}`;
}

const who = (row: AdminPlateSearch) => row.userEmail ?? 'Deleted user';
const source = (row: AdminPlateSearch) => (row.fromCache ? 'Cache' : 'Provider');
const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** On a phone each search is a short block instead of a table row. */
function SearchBlocks({ rows }: { rows: readonly AdminPlateSearch[] }) {
  return (
    <Box component="ul" aria-label="Recent plate searches" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} variant="outlined" sx={{ p: 1.5, mb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>
            {row.state} {row.plate} · {source(row)}
          </Typography>
          <Typography variant="body2" sx={breakAnywhere}>
            {outcomeText(row)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={breakAnywhere}>
            {who(row)} · {formatDateTime(row.createdAt)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

const COLUMNS: AdminColumn<AdminPlateSearch>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.createdAt), sx: NO_WRAP },
  { header: 'User', cell: who, sx: breakAnywhere },
  { header: 'Plate', cell: (row) => `${row.state} ${row.plate}`, sx: NO_WRAP },
  { header: 'Outcome', cell: outcomeText, sx: breakAnywhere },
  { header: 'Answered by', cell: source },
];

/**
 * The License Plate Test tab's list of recent plate searches by every user (customers and admin
 * tryouts), saying whether the cache or the paid provider answered each.
 */
export function PlateSearchesList() {
  const [page, setPage] = useState(1);
  const searches = usePlateSearches(page);
  const mobile = useIsMobile();
  const pagination = searches.data?.pagination;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
          Recent plate searches
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<Refresh />}
          onClick={() => void searches.refetch()}
          disabled={searches.isFetching}
        >
          Refresh
        </Button>
      </Box>
      <AdminTable
        label="Recent plate searches"
        columns={COLUMNS}
        rows={searches.data?.data ?? []}
        loading={searches.isPending}
        error={searches.isError ? searches.error : null}
        onRetry={() => void searches.refetch()}
        errorPrefix={ADMIN_MESSAGES.plateSearchesErrorPrefix}
        emptyText={ADMIN_MESSAGES.noPlateSearches}
        pager={{
          page,
          pages: pagination?.pages ?? 1,
          total: pagination?.total ?? searches.data?.data.length ?? 0,
          onPage: setPage,
        }}
        renderRows={mobile ? (rows) => <SearchBlocks rows={rows} /> : undefined}
      />
    </Paper>
  );
}
