/**
 * Size only (never opened by the bench): the page an integrator builds around `@ccq/forms-admin/viewer` — providers
 * and FormInstanceViewer — whose gzipped JS the goal "the /viewer page ≤ 160 kB" is judged on.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { APIProvider, FormInstanceViewer } from '../../../src/viewer';
import { start } from './harness';

const params = new URLSearchParams(location.search);

start(() => (
  <MantineProvider>
    <APIProvider baseUrl={location.origin}>
      <FormInstanceViewer formSchemaId={params.get('formSchemaId') ?? ''} mode="edit" token={params.get('token')} />
    </APIProvider>
  </MantineProvider>
));
