import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppServices } from './app/app-services';
import { createAppRouter } from './app/router';
import './index.css';

/** Spec part 2 section 2: the 'Loading...' screen of index.html shows, then the app mounts after 100 ms. */
const MOUNT_DELAY_MS = 100;

// The router starts now, so the first page's chunk loads during the delay rather than after it.
const router = createAppRouter();
const services = createAppServices();

window.setTimeout(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}, MOUNT_DELAY_MS);
