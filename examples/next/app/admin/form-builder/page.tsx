'use client';
// The form builder: a new form. The screens take callbacks and never import a router: Next's router is passed in.
import { APIProvider, FormBuilder } from '@ccq/forms-admin';
import { useRouter } from 'next/navigation';
import { apiBase } from '../../api-base';

export default function FormBuilderPage() {
  const router = useRouter();
  return (
    <APIProvider baseUrl={apiBase}>
      <main>
        <h1>Form builder</h1>
        <FormBuilder formId={null} onNavigate={() => router.push('/admin/form-instances')} />
      </main>
    </APIProvider>
  );
}
