'use client';
// The public form viewer, from the small `/viewer` entry; the callback lives here, in a client component.
import { APIProvider, FormInstanceViewer } from '@ccq/forms-admin/viewer';
import { apiBase } from '../../api-base';

export function PublicForm(props: { formSchemaId: string; mode: 'edit' | 'view'; formInstanceId: string | null; token: string | null }) {
  return (
    <APIProvider baseUrl={apiBase}>
      <FormInstanceViewer
        formSchemaId={props.formSchemaId}
        mode={props.mode}
        formInstanceId={props.formInstanceId}
        token={props.token}
        titleOrder={2}
        onSubmitted={(instance) => console.log('submitted', instance.formInstanceId)}
      />
    </APIProvider>
  );
}
