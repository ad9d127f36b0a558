import { Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { ErrorAlert, LoadingState } from '../../src/ui';

/**
 * How stories mock the backend: `parameters.msw.handlers` is an object of named handler groups (msw-storybook-addon 3
 * with `mswLoader` in .storybook/preview.tsx). A story overrides one group by name and keeps the others.
 * Once src/testing ships the fake backend, preview.tsx will install its groups for every story.
 */
function HealthCheck() {
  const [state, setState] = useState<{ status: 'loading' | 'ok' | 'error'; text?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    fetch('/api/HealthCheck/Get')
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { status: string };
        if (!cancelled) setState({ status: 'ok', text: body.status });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', text: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (state.status === 'loading') return <LoadingState labelVisible labels={{ label: 'Checking the server…' }} />;
  if (state.status === 'error') {
    return (
      <ErrorAlert
        title="Error"
        message="The server is not reachable."
        details={state.text}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <Text>Server status: {state.text}</Text>;
}

const handlers = {
  health: [http.get('*/api/HealthCheck/Get', () => HttpResponse.json({ status: 'Healthy' }))],
};

const meta = {
  title: 'Examples/MSW handlers',
  component: HealthCheck,
  parameters: { msw: { handlers } },
} satisfies Meta<typeof HealthCheck>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = {};

/** Overrides only the `health` group; the server answers 503. */
export const Unhealthy: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers,
        health: [http.get('*/api/HealthCheck/Get', () => new HttpResponse(null, { status: 503 }))],
      },
    },
  },
};
