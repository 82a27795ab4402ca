import { Suspense, useCallback } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { lazyThemed } from '../components/theme/lazy-themed.tsx';
import { LandingPage } from '../features/landing/index.ts';
import { SessionProvider } from './SessionProvider.tsx';

// The customer and admin areas load on demand, with MUI; the landing page, plain, is on the first
// paint.
const DashboardPage = lazyThemed(() => import('./DashboardPage.tsx'));
const AdminPage = lazyThemed(() => import('./AdminPage.tsx'));
const ReportPage = lazyThemed(() => import('./ReportPage.tsx'));
const SharedReportPage = lazyThemed(() => import('./SharedReportPage.tsx'));

/**
 * The routes `/`, `/dashboard` (with a report's page), `/admin` and a shared report's `/r/:token`;
 * anything else goes home
 * (docs/product-rules.md#screens).
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const home = useCallback(() => void navigate('/'), [navigate]);
  return (
    <SessionProvider onSignedOut={home}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard/reports/:orderId" element={<ReportPage />} />
          <Route path="/r/:token" element={<SharedReportPage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </SessionProvider>
  );
}
