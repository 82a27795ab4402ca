/**
 * Landing: the page at `/`, and its header and hero for the build-time first paint
 * (`app/prerender.tsx`). The first paint imports this door, so what it exports is plain React and
 * CSS: the MUI dialogs load on demand inside the page (decision 0015).
 */
export { LandingPage } from './LandingPage.tsx';
export { Header } from './Header.tsx';
export { Hero } from './Hero.tsx';
