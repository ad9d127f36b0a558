'use client';
// Mantine's providers for every page; each page brings its own APIProvider (the public page from the small viewer entry).
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { ccqTheme } from '@ccq/forms-admin/viewer';
import type { ReactNode } from 'react';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={ccqTheme}>
      <ModalsProvider>
        <Notifications position="top-right" autoClose={3000} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}
