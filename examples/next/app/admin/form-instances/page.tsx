'use client';
// The Form Instances list on the fake backend's seeded instances.
import { APIProvider, FormInstanceList } from '@ccq/forms-admin';
import { apiBase } from '../../api-base';

export default function FormInstancesPage() {
  return (
    <APIProvider baseUrl={apiBase}>
      <main>
        <h1>Form instances</h1>
        <FormInstanceList onOpenInstance={(formInstanceId) => console.log('open', formInstanceId)} />
      </main>
    </APIProvider>
  );
}
