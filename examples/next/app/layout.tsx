// The root layout, a Server Component: Mantine's styles and its colour scheme script, then the client providers.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@ccq/forms-admin/styles.css';
import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Providers } from './providers';

export const metadata = { title: '@ccq/forms-admin in Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <ColorSchemeScript />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
