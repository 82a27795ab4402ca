import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage.tsx';

// The customer and admin areas load on demand; the landing page is on the first paint.
const DashboardPlaceholder = lazy(async () => ({
  default: (await import('./AreaPlaceholder.tsx')).DashboardPlaceholder,
}));
const AdminPlaceholder = lazy(async () => ({
  default: (await import('./AreaPlaceholder.tsx')).AdminPlaceholder,
}));

/** Spec section 2 "Routes": `/`, `/dashboard` and `/admin`; anything else goes home. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/dashboard" element={<DashboardPlaceholder />} />
        <Route path="/admin" element={<AdminPlaceholder />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
