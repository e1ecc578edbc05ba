import type { Metadata } from 'next';
import { DemoBlock } from '@/components/lesson/demo-block';
import { ItemProgress } from '@/components/lesson/item-progress';
import {
  ActivityLink,
  ConceptBlock,
  InspectionList,
  PartBlock,
  ReferenceList,
} from '@/components/lesson/lesson-parts';
import { LessonSection } from '@/components/lesson/lesson-section';
import { PathPicker } from '@/components/lesson/path-picker';
import { Prose } from '@/components/lesson/prose';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { RevealItem } from '@/components/lesson/reveal-item';
import { TableOfContents } from '@/components/lesson/table-of-contents';
import { PageHeader } from '@/components/ui/page-header';
import {
  CHECK_QUESTION,
  CONCEPTS,
  DEDUCTION,
  flattenQuestions,
  IMPLEMENTATION,
  KEY_INSPECTIONS,
  LEARNING_PATHS,
  LESSON_TITLE,
  MIGRATION_CASES,
  QUIZ_ITEMS,
  OVERVIEW,
  PRINCIPLES,
  PRINCIPLES_LEAD,
  REFERENCES,
  REFERENCES_LEAD,
  SECTIONS,
} from '@/content/lesson';
import { panelClass } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Learn' };

const title = (id: string) => SECTIONS.find((s) => s.id === id)?.title ?? id;

export default function LearnPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title={LESSON_TITLE}>
        <p>
          Read the principles, then test yourself on the questions, the cases and the common
          mistakes.
        </p>
      </PageHeader>
      <RecordsNotice />
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents sections={SECTIONS} />
        </aside>
        <article className="min-w-0 max-w-3xl space-y-10">
          <LessonSection id="overview" title={title('overview')}>
            <Prose paragraphs={OVERVIEW} />
          </LessonSection>
          <LessonSection id="learning-paths" title={title('learning-paths')}>
            <PathPicker paths={LEARNING_PATHS} />
          </LessonSection>
          <LessonSection id="preparatory-concepts" title={title('preparatory-concepts')}>
            {CONCEPTS.map((concept) => (
              <ConceptBlock key={concept.id} concept={concept} />
            ))}
          </LessonSection>
          <LessonSection id="core-principles" title={title('core-principles')}>
            <Prose paragraphs={PRINCIPLES_LEAD} />
            {PRINCIPLES.map((part, index) => (
              <PartBlock key={part.id} part={part} index={index} />
            ))}
          </LessonSection>
          <LessonSection id="check-question" title={title('check-question')}>
            <RevealItem
              id={CHECK_QUESTION.id}
              eyebrow="Check question"
              question={CHECK_QUESTION.question}
              context={CHECK_QUESTION.context}
              headingLevel={3}
            />
          </LessonSection>
          <LessonSection id="implementation" title={title('implementation')}>
            {IMPLEMENTATION.map((part) => (
              <PartBlock key={part.id} part={part} />
            ))}
          </LessonSection>
          <LessonSection id="sqlite-demo" title={title('sqlite-demo')}>
            <DemoBlock />
          </LessonSection>
          <LessonSection id="engineering-deduction" title={title('engineering-deduction')}>
            <dl className="space-y-3">
              {DEDUCTION.items.map((item) => (
                <div key={item.id} id={item.id} className={panelClass({ tone: 'plain' })}>
                  <dt className="text-sm font-semibold uppercase tracking-wider text-accent">
                    {item.label}
                  </dt>
                  <dd className="mt-1">{item.text}</dd>
                </div>
              ))}
            </dl>
          </LessonSection>
          <LessonSection id="follow-up-questions" title={title('follow-up-questions')}>
            <ActivityLink href="/learn/questions" title="Questions and answers, level by level">
              Three Level 1 questions; the first one is followed to Level 2 and Level 3. Write your
              own answer first (or say you don’t know yet), then open the reference and rate
              yourself. <ItemProgress ids={flattenQuestions().map((q) => q.id)} kind="revealed" />
            </ActivityLink>
          </LessonSection>
          <LessonSection id="migration-cases" title={title('migration-cases')}>
            <ActivityLink href="/learn/cases" title="When a condition changes">
              Two cases: a remote report file, and a model call longer than the lease. Predict, then
              reveal the derivation.{' '}
              <ItemProgress ids={MIGRATION_CASES.map((c) => c.id)} kind="revealed" />
            </ActivityLink>
          </LessonSection>
          <LessonSection id="case-files" title={title('case-files')}>
            <ActivityLink href="/learn/case-files" title="Ten real incidents and systems">
              Kleppmann’s GC pause, Chubby, ZooKeeper, etcd, Kafka, Temporal, Oban, visibility
              timeouts, Kubernetes leader election and Redlock: read each account in the system’s
              own words, predict every write, and run it.
            </ActivityLink>
          </LessonSection>
          <LessonSection id="common-mistakes" title={title('common-mistakes')}>
            <ActivityLink
              href="/learn/mistakes"
              title="Common mistakes: true or false, then predict"
            >
              Seven true-or-false statements scored on your first answer, then the four classic
              mistakes as timelines where you say what happens to each write.{' '}
              <ItemProgress ids={QUIZ_ITEMS.map((m) => m.id)} kind="quiz" />
            </ActivityLink>
          </LessonSection>
          <LessonSection id="references" title={title('references')}>
            <p className="text-muted">{REFERENCES_LEAD}</p>
            <ReferenceList references={REFERENCES} />
          </LessonSection>
          <LessonSection id="key-inspections" title={title('key-inspections')}>
            <p>When you have worked through the lesson you should be able to:</p>
            <InspectionList items={KEY_INSPECTIONS} />
          </LessonSection>
        </article>
      </div>
    </>
  );
}
