import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Add from '@mui/icons-material/Add';
import CreditCard from '@mui/icons-material/CreditCard';
import { PAYMENT_MESSAGES, type PaymentMethodView } from '@vr/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session-context.ts';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { AddPaymentMethodDialog } from './AddPaymentMethodDialog.tsx';
import { useCardMutations, usePaymentMethods } from './api.ts';
import { PaymentRow } from './PaymentRow.tsx';
import { PendingPayments } from './PendingPayments.tsx';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

function CardRow({
  card,
  onDelete,
}: {
  card: PaymentMethodView;
  onDelete: (card: PaymentMethodView) => void;
}) {
  const { setDefault } = useCardMutations();
  const toast = useToast();
  return (
    <PaymentRow
      label={`${brandName(card.cardBrand)} ending in ${card.last4}`}
      icon={<CreditCard color="primary" />}
      title={`${brandName(card.cardBrand)} •••• ${card.last4}`}
      detail={`Expires ${card.expMonth}/${card.expYear.slice(-2)} · ${card.cardholderName}`}
    >
      {card.isDefault ? <Chip size="small" color="primary" label="Default" /> : null}
      {!card.isDefault ? (
        <Button
          size="small"
          disabled={setDefault.isPending}
          onClick={() =>
            setDefault.mutate(card.id, {
              onError: () => toast.error(PAYMENT_MESSAGES.updateMethodFailed),
            })
          }
        >
          Set as default
        </Button>
      ) : null}
      <Button size="small" color="error" onClick={() => onDelete(card)}>
        Delete
      </Button>
    </PaymentRow>
  );
}

/** Dashboard section 2, "Payment Info": saved cards, adding one, and pending payments. */
export function PaymentInfoSection({
  addCardRequested,
  onAddCardHandled,
}: {
  addCardRequested: boolean;
  onAddCardHandled: () => void;
}) {
  const { user } = useSession();
  const cards = usePaymentMethods();
  const { remove, refresh } = useCardMutations();
  const toast = useToast();
  const [adding, setAdding] = useState(addCardRequested);
  const [deleting, setDeleting] = useState<PaymentMethodView | null>(null);

  useEffect(() => {
    if (addCardRequested) onAddCardHandled();
  }, [addCardRequested, onAddCardHandled]);

  const list = cards.data ?? [];
  return (
    <>
      <SectionCard
        title="Payment Methods"
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            Add Payment Method
          </Button>
        }
      >
        <QueryStatus
          loading={cards.isPending}
          error={cards.isError ? cards.error : null}
          onRetry={() => void cards.refetch()}
          empty={list.length === 0}
          emptyText="No saved cards yet. Add one to buy credits."
        />
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {list.map((card) => (
            <CardRow key={card.id} card={card} onDelete={setDeleting} />
          ))}
        </Box>
      </SectionCard>
      <PendingPayments />
      {adding ? (
        <AddPaymentMethodDialog
          open
          email={user?.email ?? ''}
          onClose={() => setAdding(false)}
          onAdded={() => void refresh()}
        />
      ) : null}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>Delete this card?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting
              ? `${brandName(deleting.cardBrand)} ending in ${deleting.last4} will be removed from your account.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Keep card</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => toast.success('Payment method deleted.'),
                onError: () => toast.error(PAYMENT_MESSAGES.deleteMethodFailed),
                onSettled: () => setDeleting(null),
              });
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
