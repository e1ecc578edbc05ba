import {
  acceptorsOf,
  chooseCheck,
  HIGHEST_SEEN,
  FINGERPRINT_KINDS,
  FINGERPRINT_LABELS,
  GATEWAY_CHECK_KINDS,
  GATEWAY_CHECK_LABELS,
  type FingerprintKind,
  type GatewayCheckKind,
} from '@/lib/lease';
import type { Scenario } from '@/lib/timeline';
import { AcceptorsSelect, FIELD } from './builder-fields';

/** The resource lane's settings: its check (a ResourceFence), acceptors, the token presented, and the first token. */
export function ResourceSettings({
  scenario,
  onChange,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
}) {
  const fence = scenario.targets.gatewayCheck ?? HIGHEST_SEEN.setting();
  const acceptors = acceptorsOf(fence);
  const setTargets = (patch: Partial<Scenario['targets']>) =>
    onChange({ ...scenario, targets: { ...scenario.targets, ...patch } });
  return (
    <>
      <label className="flex flex-col">
        Gateway check (resource fence)
        <select
          value={fence.kind}
          onChange={(e) => {
            const kind = e.target.value as GatewayCheckKind;
            setTargets({ gatewayCheck: chooseCheck(kind, fence) });
          }}
          className={FIELD}
        >
          {GATEWAY_CHECK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {GATEWAY_CHECK_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      {acceptors !== null ? (
        <AcceptorsSelect
          label="Acceptors"
          value={acceptors}
          onChange={(n) =>
            setTargets({ gatewayCheck: chooseCheck(fence.kind, { ...fence, acceptors: n }) })
          }
        />
      ) : null}
      <label className="flex flex-col">
        Token the holder presents
        <select
          value={scenario.targets.fingerprint ?? 'counter'}
          onChange={(e) => setTargets({ fingerprint: e.target.value as FingerprintKind })}
          className={FIELD}
        >
          {FINGERPRINT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {FINGERPRINT_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        First token handed out
        <input
          type="number"
          min={1}
          value={scenario.firstToken ?? 1}
          onChange={(e) => {
            const n = Number(e.target.value);
            onChange({ ...scenario, firstToken: e.target.value.trim() === '' ? Number.NaN : n });
          }}
          className={FIELD}
        />
      </label>
    </>
  );
}
