import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import '../ui/theme/theme.css';
import { routes } from './routes';

async function start() {
  if (import.meta.env.VITE_MSW === 'true') {
    const { startMockWorker } = await import('../../mocks/browser');
    await startMockWorker();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

void start();
