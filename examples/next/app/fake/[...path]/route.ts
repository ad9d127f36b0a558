// The package's fake backend (@ccq/forms-admin/testing: MSW handlers over in-memory seed data) answering under /fake,
// so the example runs without a server of its own. A real host points NEXT_PUBLIC_API_URL at its backend instead.
import { createFakeBackend } from '@ccq/forms-admin/testing';
import { getResponse } from 'msw';

const base = 'http://fake.local';
const handlers = createFakeBackend().handlers(base);

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const inner = new Request(`${base}${url.pathname.replace(/^\/fake/, '')}${url.search}`, { method: request.method, headers: request.headers, body });
  return (await getResponse(handlers, inner)) ?? new Response('Not found', { status: 404 });
}

export const dynamic = 'force-dynamic';
export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE };
