import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';

/** A dialog title with the close button in its corner. */
export function DialogHeader({
  id,
  children,
  onClose,
}: {
  id: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <DialogTitle id={id} sx={{ pr: 7, fontWeight: 800 }}>
      {children}
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
