// The home page, a Server Component that imports nothing of the library.
import Link from 'next/link';

const contactRequestV1 = '60000000-0000-4000-8000-000000000003';

export default function Home() {
  return (
    <main>
      <h1>@ccq/forms-admin in Next.js</h1>
      <ul>
        <li>
          <Link href={`/form-instance/${contactRequestV1}?mode=edit`}>A public form</Link>
        </li>
        <li>
          <Link href="/admin/form-builder">Form builder</Link>
        </li>
        <li>
          <Link href="/admin/form-instances">Form instances</Link>
        </li>
      </ul>
    </main>
  );
}
