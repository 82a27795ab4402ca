import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { DialogHeader } from './DialogHeader.tsx';
import { termsOfService } from './terms.ts';

export default function TermsDialog({
  open,
  productName,
  contactEmail,
  fullScreen,
  onClose,
}: {
  open: boolean;
  productName: string;
  contactEmail: string;
  fullScreen: boolean;
  onClose: () => void;
}) {
  const sections = termsOfService(productName, contactEmail);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="terms-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogHeader id="terms-title" onClose={onClose}>
        Terms of Service
      </DialogHeader>
      {/* Focusable, so the keyboard scrolls a body taller than the dialog. */}
      <DialogContent dividers tabIndex={0}>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 2.5 }}>
          {sections.map((section) => (
            <Box
              component="li"
              key={section.title}
              sx={{ pl: 0.5, '&::marker': { fontWeight: 800 } }}
            >
              <Typography component="h3" sx={{ fontWeight: 800, mb: 0.5 }}>
                {section.title}
              </Typography>
              {section.paragraphs.map((p) => (
                <Typography key={p} color="text.secondary" sx={{ mb: 0.75 }}>
                  {p}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" size="large" onClick={onClose}>
          I Understand
        </Button>
      </DialogActions>
    </Dialog>
  );
}
