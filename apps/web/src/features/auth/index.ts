/**
 * Auth: the sign-in, registration, verification and reset dialog. The dialog brings MUI and zod,
 * so the door hands out its loader, never the component: importing the door, as the first paint
 * does through `app/Providers.tsx`, leaves the dialog in its own chunk (decisions 0015, 0027).
 */
export type { AuthDialogProps } from './AuthDialog.tsx';
export const loadAuthDialog = () => import('./AuthDialog.tsx');
