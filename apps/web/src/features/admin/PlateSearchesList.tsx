import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminPlateSearch } from '@vr/contracts';
import { useState } from 'react';
import { useIsMobile } from '../../lib/responsive.ts';
import { ListStatus } from './ListStatus.tsx';
import { Pager } from './Pager.tsx';
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
function SearchBlocks({ rows }: { rows: AdminPlateSearch[] }) {
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

function SearchTable({ rows }: { rows: AdminPlateSearch[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Recent plate searches">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>User</TableCell>
            <TableCell>Plate</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Answered by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell sx={breakAnywhere}>{who(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.state} {row.plate}
              </TableCell>
              <TableCell sx={breakAnywhere}>{outcomeText(row)}</TableCell>
              <TableCell>{source(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The License Plate Test tab's list of recent plate searches by every user (customers and admin
 * tryouts), saying whether the cache or the paid provider answered each.
 */
export function PlateSearchesList() {
  const [page, setPage] = useState(1);
  const searches = usePlateSearches(page);
  const mobile = useIsMobile();
  const rows = searches.data?.data ?? [];
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
      <ListStatus
        loading={searches.isPending}
        error={searches.isError ? searches.error : null}
        errorPrefix={ADMIN_MESSAGES.plateSearchesErrorPrefix}
        empty={rows.length === 0}
        emptyText={ADMIN_MESSAGES.noPlateSearches}
        onRetry={() => void searches.refetch()}
      />
      {!searches.isPending && !searches.isError && rows.length > 0 ? (
        <>
          {mobile ? <SearchBlocks rows={rows} /> : <SearchTable rows={rows} />}
          <Pager
            page={page}
            pages={pagination?.pages ?? 1}
            shown={rows.length}
            total={pagination?.total ?? rows.length}
            onPage={setPage}
          />
        </>
      ) : null}
    </Paper>
  );
}
