// A Server Component: it reads the route's id and query and hands them, serialisable, to the client component.
import { PublicForm } from './public-form';

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ formSchemaId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { formSchemaId } = await params;
  const search = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);
  return (
    <main>
      <h1>Contact us</h1>
      <PublicForm
        formSchemaId={formSchemaId}
        mode={search.mode === 'edit' ? 'edit' : 'view'}
        formInstanceId={one(search.formInstanceId)}
        token={one(search.token)}
      />
    </main>
  );
}
