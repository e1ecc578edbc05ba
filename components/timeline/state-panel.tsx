import type { TargetsConfig, TimelineSnapshot, Vocabulary } from '@/lib/timeline';

/**
 * The row state and every target after the current step; `reportStore` adds the design's own
 * report reference (shown when the scenario writes to it).
 */
export function StatePanel({
  snapshot,
  reportStore = false,
  vocabulary = { token: 'fence', fenced: true },
  settings,
}: {
  snapshot: TimelineSnapshot;
  reportStore?: boolean;
  /** The scenario's words: its token's name, and no token at all in a design without a fence. */
  vocabulary?: Vocabulary;
  /** The scenario's target settings: what the object store and the gateway keep. */
  settings?: TargetsConfig;
}) {
  const { run, workers, targets } = snapshot;
  const gateway = Object.entries(targets.gatewayHighest);
  const token = vocabulary.token;
  const tokenOf = (value: number) => (vocabulary.fenced ? ` (${token} ${value})` : '');
  const check = settings?.gatewayCheck?.kind ?? 'highest-seen';
  const keepsToken = check === 'highest-seen' || check === 'majority';
  const versioned = (settings?.objectStore ?? 'versioned') === 'versioned';
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <section aria-label="Run row" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Run row at t={snapshot.now}</h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
          <dt>owner</dt>
          <dd>{run.owner || '(nobody)'}</dd>
          {vocabulary.fenced ? (
            <>
              <dt>{token}</dt>
              <dd>{run.fence}</dd>
            </>
          ) : null}
          <dt>lease_until</dt>
          <dd>{run.leaseUntil}</dd>
          <dt>status</dt>
          <dd>{run.status}</dd>
          <dt>draft</dt>
          <dd>
            {targets.draft
              ? `${targets.draft.opId} by ${targets.draft.owner}${tokenOf(targets.draft.fence)}`
              : '(none)'}
          </dd>
        </dl>
      </section>
      <section aria-label="Workers" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Workers</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          {workers.map((w) => (
            <li key={w.id}>
              <strong>{w.id}</strong>
              {w.restartOf ? ` (${w.restartOf} restarted, claims as ${w.restartOf})` : ''}{' '}
              {w.paused ? 'paused' : 'running'}
              {vocabulary.fenced ? `, ${token} ${w.token}` : ''}, its clock reads {w.clock}
              {w.token > 0
                ? w.clock < w.believedLeaseUntil
                  ? `: believes its lease runs until ${w.believedLeaseUntil}`
                  : `: its clock says the lease ended at ${w.believedLeaseUntil}`
                : ''}
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-label="Remote targets"
        className="rounded-md border border-line p-3 sm:col-span-2"
      >
        <h3 className="font-semibold">Remote targets</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          <li>
            report.md:{' '}
            {targets.officialReport
              ? `“${targets.officialReport.body}” (version ${targets.officialReport.version}, by ${targets.officialReport.writer})`
              : 'not written'}
            {targets.reportVersions.length > 1
              ? versioned
                ? `; ${targets.reportVersions.length} versions stored`
                : `; ${targets.reportVersions.length} uploads, each overwrote the last`
              : ''}
          </li>
          {reportStore && targets.reportRef ? (
            <li>
              report reference (the design’s store):{' '}
              {targets.reportRef.ref
                ? `“${targets.reportRef.ref}”${tokenOf(targets.reportRef.fence)}`
                : `not written${tokenOf(targets.reportRef.fence)}`}
            </li>
          ) : null}
          <li>
            tickets:{' '}
            {targets.tickets.length
              ? targets.tickets.map((t) => `${t.action} by ${t.worker} (${t.key})`).join('; ')
              : 'none'}
          </li>
          <li>
            {keepsToken ? `gateway highest ${token}: ` : 'gateway: '}
            {!keepsToken
              ? `keeps no ${token} (its check: ${check})`
              : gateway.length
                ? gateway
                    .map(([resource, highest]) => {
                      const promised = targets.gatewayPromises?.[resource] ?? [];
                      return promised.length > 1
                        ? `${resource} → acceptors promised ${promised.join(', ')}`
                        : `${resource} → ${highest}`;
                    })
                    .join('; ')
                : 'none seen'}
          </li>
          {targets.gatewayWrites.length ? (
            <li>
              gateway writes:{' '}
              {targets.gatewayWrites
                .map(
                  (w) =>
                    `${w.resource} “${w.body}” by ${w.worker} (${token} ${w.token}${
                      w.committed === false ? `, only ${w.acks} acceptor(s): not committed` : ''
                    })`,
                )
                .join('; ')}
            </li>
          ) : null}
        </ul>
      </section>
    </div>
  );
}
