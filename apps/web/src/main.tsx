import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes.tsx';
import { Providers } from './app/Providers.tsx';
import './components/theme/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const root = createRoot(container);
// A transition lets React render in slices, keeping the main thread responsive while the
// prerendered first paint (see app/prerender.tsx) is on screen.
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
