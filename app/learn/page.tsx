import type { Metadata } from 'next';
import { ChoiceQuestion } from '@/components/lesson/choice-question';
import { CASE_FILES } from '@/content/cases';
import { DemoBlock } from '@/components/lesson/demo-block';
import { FirstFailureIsland } from '@/components/lesson/first-failure-island';
import { ItemProgress } from '@/components/lesson/item-progress';
import {
  ActivityLink,
  CheckSiteList,
  ConceptBlock,
  InspectionList,
  PartBlock,
  ProofList,
  ReferenceList,
} from '@/components/lesson/lesson-parts';
import { LessonSection } from '@/components/lesson/lesson-section';
import { PathPicker } from '@/components/lesson/path-picker';
import { Prose } from '@/components/lesson/prose';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { RevealItem } from '@/components/lesson/reveal-item';
import { TableOfContents } from '@/components/lesson/table-of-contents';
import { PageHeader } from '@/components/ui/page-header';
import { panelClass } from '@/components/ui/panel';
import { choicePrompt } from '@/content/lesson/answer-book';
import {
  BREAKS_PARTS,
  CHECK_QUESTION,
  CHECK_SITES,
  CLAIM_PARTS,
  DEBRIEF,
  DEDUCTION,
  flattenQuestions,
  FOUNDATIONS,
  KEY_INSPECTIONS,
  LEARNING_PATHS,
  LESSON_TITLE,
  MIGRATION_CASES,
  OPENING,
  OPENING_RUNS,
  PROOF_LEAD,
  PROOF_TESTS,
  QUIZ_ITEMS,
  REFERENCES,
  REFERENCES_LEAD,
  RULE_LEAD,
  RULE_PARTS,
  SAFETY_GOAL,
  SECTIONS,
} from '@/content/lesson';
import { describeEvent } from '@/lib/timeline';

export const metadata: Metadata = { title: 'Learn' };

const title = (id: string) => SECTIONS.find((s) => s.id === id)?.title ?? id;

/** The opening schedule in words, printed before the run loads. */
const SCHEDULE = OPENING_RUNS[0].scenario.events.map((event) => ({
  id: event.id,
  text: event.kind === 'advance' ? `${event.seconds} seconds pass` : describeEvent(event),
}));

export default function LearnPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title={LESSON_TITLE}>
        <p>Watch it fail first; then the rule that stops it, and where it still breaks.</p>
      </PageHeader>
      <RecordsNotice />
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        {/* The article comes first: on a phone the failure run is on the first screen, and the
            contents follow it; from lg up the contents stand in the left column. */}
        <article className="min-w-0 max-w-3xl space-y-10 lg:col-start-2 lg:row-start-1">
          <LessonSection id="watch-it-fail" title={title('watch-it-fail')}>
            <Prose paragraphs={OPENING} />
            <FirstFailureIsland />
            <ol className="list-decimal space-y-0.5 pl-6 text-sm" aria-label="The schedule">
              {SCHEDULE.map((step) => (
                <li key={step.id}>{step.text}</li>
              ))}
            </ol>
          </LessonSection>
          <LessonSection id="what-you-saw" title={title('what-you-saw')}>
            {DEBRIEF.map((concept) => (
              <ConceptBlock key={concept.id} concept={concept} />
            ))}
            <p className="font-semibold">{SAFETY_GOAL}</p>
          </LessonSection>
          <LessonSection id="learning-paths" title={title('learning-paths')}>
            <PathPicker paths={LEARNING_PATHS} />
          </LessonSection>
          <LessonSection id="the-rule" title={title('the-rule')}>
            <Prose paragraphs={RULE_LEAD} />
            {RULE_PARTS.map((part, index) => (
              <PartBlock key={part.id} part={part} index={index} />
            ))}
          </LessonSection>
          <LessonSection id="sqlite-demo" title={title('sqlite-demo')}>
            <DemoBlock />
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
          {FOUNDATIONS.map((foundation) => (
            <LessonSection key={foundation.id} id={foundation.id} title={foundation.title}>
              <Prose paragraphs={foundation.body} />
              {foundation.id === 'where-the-check-sits' ? (
                <CheckSiteList sites={CHECK_SITES} />
              ) : null}
              <ChoiceQuestion prompt={choicePrompt(foundation.question)} />
            </LessonSection>
          ))}
          <LessonSection id="claims-and-renewals" title={title('claims-and-renewals')}>
            {CLAIM_PARTS.map((part) => (
              <PartBlock key={part.id} part={part} />
            ))}
          </LessonSection>
          <LessonSection id="where-it-breaks" title={title('where-it-breaks')}>
            {BREAKS_PARTS.map((concept) => (
              <ConceptBlock key={concept.id} concept={concept} />
            ))}
            <div className={panelClass({ padding: 'lg' })}>
              <h3 id={DEDUCTION.id} className="scroll-mt-4 text-lg font-bold">
                {DEDUCTION.title}
              </h3>
              <dl className="mt-2 space-y-3">
                {DEDUCTION.items.map((item) => (
                  <div key={item.id} id={item.id}>
                    <dt className="text-sm font-semibold uppercase tracking-wider text-accent">
                      {item.label}
                    </dt>
                    <dd className="mt-1">{item.text}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </LessonSection>
          <LessonSection id="prove-it" title={title('prove-it')}>
            <Prose paragraphs={PROOF_LEAD} />
            <ProofList tests={PROOF_TESTS} />
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
          <LessonSection id="case-files" title={title('case-files')}>
            <ActivityLink
              href="/learn/case-files"
              title={`${CASE_FILES.length} real incidents and systems`}
            >
              {CASE_FILES.map((file) => file.title).join('; ')}: read each account in the system’s
              own words, predict every write, and run it.
            </ActivityLink>
          </LessonSection>
          <LessonSection id="key-inspections" title={title('key-inspections')}>
            <p>When you have worked through the lesson you should be able to:</p>
            <InspectionList items={KEY_INSPECTIONS} />
          </LessonSection>
          <LessonSection id="references" title={title('references')}>
            <p className="text-muted">{REFERENCES_LEAD}</p>
            <ReferenceList references={REFERENCES} />
          </LessonSection>
        </article>
        <aside className="lg:sticky lg:top-4 lg:col-start-1 lg:row-start-1 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
          <TableOfContents sections={SECTIONS} />
        </aside>
      </div>
    </>
  );
}
