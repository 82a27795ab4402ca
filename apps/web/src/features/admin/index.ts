/**
 * Admin: the panel of `/admin` (users, orders, purchases, problems, the plate test). Only the
 * lazily loaded `app/AdminPage.tsx` imports this door, so the panel and MUI stay off the first
 * paint (decision 0015).
 */
export { AdminPanel } from './AdminPanel.tsx';
