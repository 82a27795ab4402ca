import { useState } from 'react';
import { DashboardBody, DashboardMenuButton, type SectionId } from './DashboardLayout.tsx';
import { HeaderBalance } from '../features/credits/index.ts';
import { useIsMobile } from '../lib/responsive.ts';
import { useDocumentTitle, usePublicConfig } from '../lib/public-config.ts';
import { AreaShell } from './AreaShell.tsx';
import { SignInFirst } from './SignInFirst.tsx';
import { useSession } from '../lib/session-context.ts';

/**
 * `/dashboard`: the customer area if signed in, else the sign-in dialog
 * (docs/product-rules.md#screens).
 */
export default function DashboardPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle('Dashboard');
  const { loading, user, establish, signOut } = useSession();
  const mobile = useIsMobile();
  const [section, setSection] = useState<SectionId>('records');
  const [menuOpen, setMenuOpen] = useState(false);
  const [addCardRequested, setAddCardRequested] = useState(false);
  if (loading || !user) {
    return <SignInFirst loading={loading} productName={productName} onSignedIn={establish} />;
  }
  return (
    <AreaShell
      title="Dashboard"
      productName={productName}
      leading={mobile ? <DashboardMenuButton onOpen={() => setMenuOpen(true)} /> : undefined}
      headerExtra={<HeaderBalance />}
    >
      <DashboardBody
        section={section}
        onSelect={setSection}
        menuOpen={menuOpen}
        onCloseMenu={() => setMenuOpen(false)}
        onSignOut={() => void signOut()}
        addCardRequested={addCardRequested}
        onAddCardHandled={() => setAddCardRequested(false)}
        onAddPaymentMethod={() => {
          setAddCardRequested(true);
          setSection('payments');
        }}
      />
    </AreaShell>
  );
}
