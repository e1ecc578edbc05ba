import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';

export default function NotFound() {
  return (
    <>
      <PageHeader eyebrow="404" title="This page does not exist">
        <p>
          The link may be old, or the address mistyped. Nothing you stored in this browser was
          touched.
        </p>
      </PageHeader>
      <p>
        <Link href="/" className="font-semibold text-accent underline">
          Back to the start
        </Link>
      </p>
    </>
  );
}
