import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CREDITS_NEVER_EXPIRE,
  creditCount,
  formatCents,
  inNumber,
  savingsAgainstFirst,
  unitPriceCents,
  type CreditPackage,
} from '@vr/contracts';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useCreditPackages } from '../../lib/catalog.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { usePaymentMethods } from '../payments/index.ts';
import { useCreditBalance } from '../../lib/credits.ts';
import { PurchaseFlow } from './PurchaseFlow.tsx';

export interface BuyCreditsSectionProps {
  /** Switches the dashboard to Payment Info (a purchase without a saved card asks for one). */
  onAddPaymentMethod: () => void;
  /** A purchase added its credits. */
  onCredited?: () => void;
}

function PackageCard({
  pkg,
  packages,
  onBuy,
}: {
  pkg: CreditPackage;
  packages: readonly CreditPackage[];
  onBuy: () => void;
}) {
  const savings = savingsAgainstFirst(packages, pkg);
  // On a phone a card is one compact row (title and price, then unit price and Buy); from sm up
  // the cards stand in columns with the Buy buttons aligned at the bottom.
  const narrowAreas = `${pkg.popular ? '"badge badge" ' : ''}"title price" "unit buy" "save buy"`;
  const wideAreas = `${pkg.popular ? '"badge" ' : ''}"title" "price" "unit" "save" "buy"`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={`${creditCount(pkg.creditAmount)} for ${formatCents(pkg.amount, pkg.currency)}`}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'grid',
        gridTemplateAreas: { xs: narrowAreas, sm: wideAreas },
        gridTemplateColumns: { xs: '1fr auto', sm: '1fr' },
        gridTemplateRows: { sm: `repeat(${pkg.popular ? 5 : 4}, auto) 1fr` },
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'center',
        borderWidth: pkg.popular ? 2 : 1,
        borderColor: pkg.popular ? 'primary.main' : 'divider',
      }}
    >
      {pkg.popular ? (
        <Chip
          size="small"
          color="primary"
          label="POPULAR · Best Value"
          sx={{ gridArea: 'badge', justifySelf: 'start', fontWeight: 800 }}
        />
      ) : null}
      <Typography sx={{ gridArea: 'title', fontWeight: 800, fontSize: { xs: 19, sm: 22 } }}>
        {creditCount(pkg.creditAmount)}
      </Typography>
      <Typography
        color="primary"
        sx={{
          gridArea: 'price',
          justifySelf: { xs: 'end', sm: 'start' },
          fontWeight: 700,
          fontSize: 20,
        }}
      >
        {formatCents(pkg.amount, pkg.currency)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ gridArea: 'unit' }}>
        {formatCents(Math.round(unitPriceCents(pkg)), pkg.currency)} per report
      </Typography>
      <Typography
        variant="body2"
        color="success.main"
        sx={{ gridArea: 'save', minHeight: 20, fontWeight: 600 }}
      >
        {savings.cents > 0 ? `Save ${savings.percent}%` : ''}
      </Typography>
      <Button
        variant={pkg.popular ? 'contained' : 'outlined'}
        onClick={onBuy}
        sx={{ gridArea: 'buy', alignSelf: { xs: 'center', sm: 'end' }, mt: { sm: 1 } }}
      >
        Buy {pkg.creditAmount}
      </Button>
    </Paper>
  );
}

/** Dashboard section 3, "Buy Credits": the balance and the packages of the catalog. */
export function BuyCreditsSection({ onAddPaymentMethod, onCredited }: BuyCreditsSectionProps) {
  const balance = useCreditBalance();
  const catalog = useCreditPackages();
  const cards = usePaymentMethods();
  const [buying, setBuying] = useState<CreditPackage | null>(null);
  const [needCard, setNeedCard] = useState(false);

  const buy = (pkg: CreditPackage) => {
    if ((cards.data ?? []).length === 0) {
      setNeedCard(true);
      return;
    }
    setNeedCard(false);
    setBuying(pkg);
  };

  return (
    <SectionCard title="Buy Credits">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography color="text.secondary">Available balance</Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 28 }} aria-label="Available credits">
          {balance}
        </Typography>
        <Typography color="text.secondary">{inNumber(balance, 'credit')}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        One credit per vehicle history report. {CREDITS_NEVER_EXPIRE}
      </Typography>
      {needCard ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onAddPaymentMethod}>
              Add Payment Method
            </Button>
          }
        >
          Add a card first: purchases are paid with a saved card.
        </Alert>
      ) : null}
      <QueryStatus
        loading={catalog.status === 'loading'}
        error={catalog.status === 'error' ? catalog : null}
        onRetry={catalog.status === 'error' ? catalog.retry : () => undefined}
      />
      {catalog.status === 'ready' ? (
        <>
          {catalog.stale ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Showing the prices this browser saw last; the server could not be reached.
            </Alert>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {catalog.packages.map((pkg) => (
              <PackageCard
                key={pkg.packageId}
                pkg={pkg}
                packages={catalog.packages}
                onBuy={() => buy(pkg)}
              />
            ))}
          </Box>
        </>
      ) : null}
      {buying ? (
        <PurchaseFlow
          pkg={buying}
          cards={cards.data ?? []}
          onDone={() => setBuying(null)}
          onCredited={onCredited}
          onAddCard={onAddPaymentMethod}
        />
      ) : null}
    </SectionCard>
  );
}
