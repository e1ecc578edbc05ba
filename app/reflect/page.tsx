import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Reflect' };

const STANDARDS = [
  { level: 'Basic', text: 'You can explain why an expired lease does not mean the old worker has stopped.' },
  { level: 'Intermediate', text: 'You can reject stale writes with a growing token and a conditional update.' },
  {
    level: 'Senior',
    text: 'You can say which resources can check a fencing token, and what else an external system that cannot check one needs.',
  },
] as const;

export default function ReflectPage() {
  return (
    <>
      <PageHeader eyebrow="Reflect" title="How far do you understand it?">
        <p>Judge your own mastery against these standards. Be strict: the labs will show you where you are unsure.</p>
      </PageHeader>
      <ul className="grid gap-4 md:grid-cols-3">
        {STANDARDS.map((standard) => (
          <li key={standard.level} className="rounded-lg border border-line bg-surface-2 p-5">
            <h2 className="text-lg font-bold">{standard.level}</h2>
            <p className="mt-2 text-muted">{standard.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
