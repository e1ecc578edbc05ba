import Link from 'next/link';
import type { Concept, KeyInspection, Part, Reference } from '@/content/lesson';
import { AnchorHeading } from './anchor-heading';
import { InlineText, Prose } from './prose';
import { panelClass } from '@/components/ui/panel';

/** A titled part with its own anchor (a principle, a part of the implementation). */
export function PartBlock({ part, index }: { part: Part; index?: number }) {
  return (
    <div className={panelClass({ padding: 'lg' })}>
      <AnchorHeading
        id={part.id}
        level={3}
        title={index === undefined ? part.title : `${index + 1}. ${part.title}`}
      />
      <Prose paragraphs={part.body} className="mt-2" />
    </div>
  );
}

export function ConceptBlock({ concept }: { concept: Concept }) {
  return (
    <div className={panelClass({ tone: 'plain', padding: 'lg' })}>
      <AnchorHeading id={concept.id} level={3} title={concept.title} />
      <p className="mt-1 font-semibold text-accent">{concept.gist}</p>
      <Prose paragraphs={concept.body} className="mt-2" />
    </div>
  );
}

export function ReferenceList({ references }: { references: readonly Reference[] }) {
  return (
    <ol className="list-decimal space-y-3 pl-6">
      {references.map((ref) => (
        <li key={ref.id} id={ref.id}>
          <cite className="not-italic">
            {ref.author}, “
            <a href={ref.href} rel="noreferrer" className="font-semibold text-accent underline">
              {ref.title}
            </a>
            ”.
          </cite>{' '}
          <span className="text-muted">{ref.supports}</span>
        </li>
      ))}
    </ol>
  );
}

export function InspectionList({
  items,
}: {
  items: readonly (KeyInspection & { where: string })[];
}) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item.id} id={item.id} className="flex gap-2">
          <span aria-hidden="true" className="text-accent">
            ▸
          </span>
          <span>
            {item.text}{' '}
            <a href={item.where} className="text-sm text-accent underline">
              Where the lesson shows it
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Each kind of target with how it applies the rule (the third foundation). */
export function CheckSiteList({
  sites,
}: {
  sites: readonly { id: string; target: string; check: string }[];
}) {
  return (
    <dl className="space-y-3">
      {sites.map((site) => (
        <div key={site.id} id={site.id} className={panelClass({ tone: 'plain' })}>
          <dt className="font-semibold">{site.target}</dt>
          <dd className="mt-1">
            <InlineText text={site.check} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The takeover tests: what each varies, and what must happen. */
export function ProofList({
  tests,
}: {
  tests: readonly { id: string; test: string; expect: string }[];
}) {
  return (
    <ol className="list-decimal space-y-2 pl-6">
      {tests.map((t) => (
        <li key={t.id} id={t.id}>
          {t.test} <span className="font-semibold">Must happen:</span> {t.expect}
        </li>
      ))}
    </ol>
  );
}

/** A card that sends the learner to one of the lesson's interactive pages. */
export function ActivityLink({
  href,
  title,
  children,
}: {
  href: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      href={href}
      className={panelClass({ padding: 'lg' }, 'block transition hover:border-accent')}
    >
      <span className="block text-lg font-bold text-accent">{title} →</span>
      <span className="mt-1 block">{children}</span>
    </Link>
  );
}
