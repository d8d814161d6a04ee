import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiClientProvider } from '../lib/api-client-context';
import type { AppServices } from './app-services';
import { TokenDialog } from './auth/token-dialog';

export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <ApiClientProvider client={services.apiClient}>
        {children}
        <TokenDialog prompt={services.tokenPrompt} />
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
