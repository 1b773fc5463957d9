import { Toaster as SonnerToaster } from 'sonner';
import { DEFAULT_TOAST_MS } from '../domain/constants';

export function Toaster() {
  return <SonnerToaster position="top-center" duration={DEFAULT_TOAST_MS} closeButton />;
}
