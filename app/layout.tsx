import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { OfflineSupport } from '@/components/shell/offline-support';
import { SiteHeader } from '@/components/shell/site-header';
import { StorageNotices } from '@/components/storage/storage-notices';
import { SITE } from '@/content/site';
import { cspText } from '@/lib/csp';
import { THEME_BOOT_SCRIPT } from '@/lib/theme';
import './globals.css';
import { NextStep } from '@/components/progress/next-step';

export const metadata: Metadata = {
  title: { default: SITE.title, template: `%s · ${SITE.shortTitle}` },
  description: SITE.tagline,
  appleWebApp: { capable: true, title: SITE.shortTitle },
  icons: { apple: '/apple-touch-icon.png' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbfaf7' },
    { media: '(prefers-color-scheme: dark)', color: '#15171a' },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta httpEquiv="Content-Security-Policy" content={cspText()} />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to content
        </a>
        <OfflineSupport />
        <SiteHeader />
        <StorageNotices />
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:py-12">
          {children}
        </main>
        <NextStep />
        <footer className="border-t border-line">
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted">
            Runs entirely in your browser: SQLite, the editor and your notes never leave this page’s
            origin.
          </p>
        </footer>
      </body>
    </html>
  );
}
