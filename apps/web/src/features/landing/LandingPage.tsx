import { reportPreviewText, useReportPreview } from '../../lib/report-preview.ts';
import type { VehicleSummary } from '@vr/contracts';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyThemed } from '../../components/theme/lazy-themed.tsx';
import { useSession } from '../../lib/session-context.ts';
import { useDocumentTitle, usePublicConfig } from '../../lib/public-config.ts';
import { dropLookupIntent, saveLookupIntent } from '../../lib/lookup-intent.ts';
import { lookupPlate } from '../../lib/plate-lookup.ts';
import { useIsMobile } from '../../lib/responsive.ts';
import { useSignInDialog } from '../../lib/sign-in-dialog.ts';
import { prefetchDecoder, useCreditPackages, useVinDecode } from './api.ts';
import { CallToAction } from './CallToAction.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { Hero } from './Hero.tsx';
import { PricingSection } from './PricingSection.tsx';
import { SampleDataSection } from './SampleDataSection.tsx';
import { ServicesSection } from './ServicesSection.tsx';
import '../../components/ui/ui.css';
import './landing.css';

// The dialogs are not needed for the first paint: each loads when first wanted.
// They are built with MUI, which comes with them.
const loadVehicleFound = () => import('./dialogs/VehicleFoundDialog.tsx');
const loadTerms = () => import('./dialogs/TermsDialog.tsx');
const loadSample = () => import('./dialogs/SampleDataDialog.tsx');
const VehicleFoundDialog = lazyThemed(loadVehicleFound);
const TermsDialog = lazyThemed(loadTerms);
const SampleDataDialog = lazyThemed(loadSample);

type DialogName = 'terms' | 'sample' | 'signIn' | 'vehicle';

/** The public landing page at `/` (docs/product-rules.md#screens). */
export function LandingPage() {
  const { productName, contactEmail } = usePublicConfig();
  useDocumentTitle();
  const mobile = useIsMobile();
  const catalog = useCreditPackages();
  const fromCents =
    catalog.status === 'ready'
      ? catalog.fromCents
      : catalog.status === 'loading'
        ? undefined
        : null;

  // A dialog stays mounted after its first opening so that closing can animate.
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(() => new Set());
  const [open, setOpen] = useState<DialogName | null>(null);
  const show = (name: DialogName) => {
    setMounted((m) => (m.has(name) ? m : new Set(m).add(name)));
    setOpen(name);
  };
  const close = () => setOpen(null);

  // Header and hero first; the sections below the fold follow in a second, interruptible render
  // so that no single main-thread task builds the whole page.
  const [belowFold, setBelowFold] = useState(false);
  useEffect(() => startTransition(() => setBelowFold(true)), []);
  // A link to a section (/#pricing) can only scroll once that section exists.
  useEffect(() => {
    const id = belowFold ? decodeURIComponent(window.location.hash.slice(1)) : '';
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [belowFold]);

  const [vin, setVin] = useState('');
  const [vehicle, setVehicle] = useState<VehicleSummary | null>(null);
  const decode = useVinDecode();

  const search = () => {
    void loadVehicleFound();
    decode.mutate(vin, {
      onSuccess: (summary) => {
        setVehicle(summary);
        show('vehicle');
      },
    });
  };
  const changeVin = (next: string) => {
    setVin(next);
    if (decode.isError) decode.reset();
  };
  const closeVehicle = () => {
    close();
    setVin('');
    decode.reset();
  };
  const { user, loading: sessionLoading, establish, signOut } = useSession();
  const preview = useReportPreview(user && vehicle && open === 'vehicle' ? vehicle.vin : null);
  const { Dialog: SignInDialog, prefetch: prefetchSignIn } = useSignInDialog();
  const navigate = useNavigate();
  const goDashboard = () => void navigate('/dashboard');
  // Signed out, every lookup entry point opens the sign-in dialog; signed in, the dashboard.
  const requestSignIn = () => {
    if (user) goDashboard();
    else {
      prefetchSignIn();
      show('signIn');
    }
  };

  const [plateBusy, setPlateBusy] = useState(false);
  const [plateError, setPlateError] = useState<string | null>(null);
  // Signed in, a plate search finds the VIN here and the dashboard decodes and orders it; signed
  // out, the search waits for the sign-in and VIN Records runs it.
  const searchPlate = async (state: string, plate: string) => {
    if (!user) {
      saveLookupIntent({ searchType: 'license_plate', state, plate, vin: null });
      return requestSignIn();
    }
    setPlateBusy(true);
    setPlateError(null);
    try {
      const found = await lookupPlate(state, plate);
      saveLookupIntent({ searchType: 'license_plate', state, plate, vin: found.vin! });
      goDashboard();
    } catch (err) {
      setPlateError((err as Error).message);
    } finally {
      setPlateBusy(false);
    }
  };

  return (
    <>
      <Header
        productName={productName}
        mobile={mobile}
        onSignIn={requestSignIn}
        user={user}
        loading={sessionLoading}
        onDashboard={goDashboard}
        onSignOut={() => void signOut()}
      />
      <main>
        <Hero
          mobile={mobile}
          fromCents={fromCents}
          plateSearch={{
            onSearch: (state, plate) => void searchPlate(state, plate),
            pending: plateBusy,
            error: plateError,
            progress: plateBusy ? 'Looking up the plate… this can take a few seconds.' : null,
          }}
          vinSearch={{
            vin,
            onVinChange: changeVin,
            onSearch: search,
            pending: decode.isPending,
            error: decode.error?.message ?? null,
            onPrepare: prefetchDecoder,
          }}
        />
        {belowFold ? (
          <>
            <ServicesSection fromCents={fromCents} />
            <PricingSection catalog={catalog} />
            <SampleDataSection
              onViewSample={() => show('sample')}
              onPrefetch={() => void loadSample()}
            />
            <CallToAction
              signedIn={sessionLoading ? undefined : Boolean(user)}
              onAction={requestSignIn}
            />
          </>
        ) : null}
      </main>
      {belowFold ? (
        <Footer
          productName={productName}
          contactEmail={contactEmail}
          onOpenTerms={() => show('terms')}
          onPrefetchTerms={() => void loadTerms()}
        />
      ) : null}
      <Suspense fallback={null}>
        {mounted.has('vehicle') && vehicle ? (
          <VehicleFoundDialog
            open={open === 'vehicle'}
            vehicle={vehicle}
            fromCents={fromCents}
            signedIn={Boolean(user)}
            preview={user ? reportPreviewText(preview) : undefined}
            onClose={closeVehicle}
            onLookup={() => {
              saveLookupIntent({ searchType: 'vin', vin: vehicle.vin });
              closeVehicle();
              requestSignIn();
            }}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {mounted.has('terms') ? (
          <TermsDialog
            open={open === 'terms'}
            productName={productName}
            contactEmail={contactEmail}
            fullScreen={mobile}
            onClose={close}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {mounted.has('sample') ? (
          <SampleDataDialog open={open === 'sample'} fullScreen={mobile} onClose={close} />
        ) : null}
      </Suspense>
      {mounted.has('signIn') && !user ? (
        <SignInDialog
          open={open === 'signIn'}
          productName={productName}
          onClose={() => {
            dropLookupIntent();
            close();
          }}
          onSignedIn={(session) => {
            close();
            establish(session);
            goDashboard();
          }}
        />
      ) : null}
    </>
  );
}
