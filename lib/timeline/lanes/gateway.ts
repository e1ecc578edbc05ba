import { HIGHEST_SEEN, resourceWrites, seenByRun } from '@/lib/lease';
import { readAcceptorWrites, readPromises } from '@/lib/lease/replicated-fence';
import { GATEWAY_CHECK_KINDS } from '@/lib/lease/target-checks';
import type { Scenario, TargetsConfig } from '@/lib/timeline/types';
import type { Lane } from './unit';

/*
 * The fencing gateway: one target per resource the scenario names ("gateway:email"), each with
 * its own check (the scenario-wide gateway check by default), kept in lib/lease's fence tables
 * (a single copy) or its acceptors' (a majority). The design's own gateway (a checker design's
 * send) is drawn on this lane too.
 */

const PREFIX = 'gateway:';

/** The target name of a gateway resource. */
export const gatewayTarget = (resource: string): string => `${PREFIX}${resource}`;

/** The resource a gateway target name stands for. */
export const gatewayResource = (name: string): string => name.slice(PREFIX.length);

/** Every gateway resource the scenario names, in its settings or its events, in order. */
export function gatewayResources(scenario: {
  targets: Pick<TargetsConfig, 'checks'>;
  events: Scenario['events'];
}): string[] {
  const names = new Set<string>();
  for (const c of scenario.targets.checks ?? [])
    if (c.target.startsWith(PREFIX)) names.add(gatewayResource(c.target));
  for (const e of scenario.events)
    if (e.kind === 'gateway-write' || (e.kind === 'register' && e.resource !== undefined))
      names.add(e.resource!);
  return [...names];
}

/** The fencing gateway's lane: writes and registrations at its resources. */
export const GATEWAY = {
  id: 'gateway',
  label: (terms) => `Fencing gateway${terms?.resource ? `: ${terms.resource}` : ''}`,
  events: ['gateway-write', 'gateway-send'],
  targets: {
    form: `${PREFIX}<resource>`,
    names: (resources) => resources.map(gatewayTarget),
    owns: (name) => new RegExp(`^${PREFIX}[A-Za-z0-9_.:-]{1,40}$`).test(name),
    title: gatewayResource,
    offers: GATEWAY_CHECK_KINDS,
    defaultCheck: (t) => t.gatewayCheck ?? HIGHEST_SEEN.setting(),
    namesIn: (e) =>
      e.kind === 'gateway-write' || (e.kind === 'register' && e.resource !== undefined)
        ? [gatewayTarget(e.resource!)]
        : [],
    judging: (e) => (e.kind === 'gateway-write' ? gatewayTarget(e.resource) : null),
    settings: (t) => ({
      gateway: {
        learns: t.gateway,
        check: t.gatewayCheck?.kind ?? HIGHEST_SEEN.id,
        ...(t.gatewayCheck?.acceptors !== undefined ? { acceptors: t.gatewayCheck.acceptors } : {}),
      },
    }),
    read: (db, runId) => {
      const highest: Record<string, number> = {};
      for (const [name, seen] of Object.entries(seenByRun(db, runId)))
        if (name.startsWith(PREFIX)) highest[gatewayResource(name)] = seen.generation;
      // A replicated resource: what each acceptor promised; the highest of them stands for it.
      const promises = readPromises(db);
      for (const [resource, promised] of Object.entries(promises))
        highest[resource] = Math.max(0, ...promised);
      return {
        gatewayHighest: highest,
        ...(Object.keys(promises).length ? { gatewayPromises: promises } : {}),
        gatewayWrites: [
          ...resourceWrites(db, runId)
            .filter((w) => w.resource.startsWith(PREFIX))
            .map((w) => ({
              resource: gatewayResource(w.resource),
              worker: w.holder,
              token: w.generation,
              body: w.body,
            })),
          ...readAcceptorWrites(db),
        ],
      };
    },
  },
} as const satisfies Lane;
