import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI);
// Another checkout's tests may hold the default port: E2E_PORT runs these beside them.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// A build elsewhere than dist/app (`vite build --outDir DIR`), so that two checkouts' builds do not overwrite each other.
const APP_DIR = process.env.E2E_APP_DIR ?? 'dist/app';

// Chromium comes from Debian (apt-get install chromium), not from `playwright install`, so CI needs no download.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  // The built app, as users get it: `npm run test:e2e` builds first.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${APP_DIR}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !CI,
    timeout: 60_000,
  },
});
