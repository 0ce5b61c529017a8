import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

/** Declarative routing (BrowserRouter + useRoutes): the pages need no loaders, and it keeps the first download small. */
export function AppRoot() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
