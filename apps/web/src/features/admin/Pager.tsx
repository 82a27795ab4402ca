import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { entryCount } from '@vr/contracts';

/**
 * Previous / Next, 'Page X of Y' and 'Showing N entries (total)' (docs/product-rules.md#screens).
 */
export function Pager({
  page,
  pages,
  shown,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const last = Math.max(pages, 1);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        mt: 2,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Showing {entryCount(shown)} ({total} total)
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </Button>
        <Typography variant="body2" aria-live="polite">
          Page {Math.min(page, last)} of {last}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </Box>
    </Box>
  );
}
