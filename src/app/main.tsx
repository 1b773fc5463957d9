import { start } from './start';

// The page's entry. The app's start (start.tsx) ships in the storefront's shared file with all it imports (vite.config.ts).
void start();
