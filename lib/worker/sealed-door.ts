import {
  MessageRefused,
  numberPart,
  objectPart,
  oneOfPart,
  openMessage,
  showMessage,
  textPart,
  type MessageBounds,
  type MessagePart,
  type Opened,
} from '@/lib/bounded';
import { FAILURE_CHARS, type WorkerReply } from './protocol';

/**
 * How the page reads a worker that runs a learner's program (issue 41): what each reply's body
 * and progress may be, and the bounds of one reply. Such a worker answers only on a
 * MessageChannel port the page hands it in its first message, before any program exists, and
 * only in bytes (lib/worker/sealed-bytes.ts); the page opens each reply with lib/bounded's door.
 */
export interface ReplyDoor<R, P> {
  body: MessagePart<R>;
  progress?: MessagePart<P>;
  bounds: MessageBounds;
}

/** The first message to a sealed worker: the port it answers on. */
export interface OpenChannel {
  open: MessagePort;
}

const id = numberPart(true);
const started = objectPart<{ id: number; started: true }>({ id, started: oneOfPart(true) });
const failed = objectPart<{ id: number; failed: string }>({
  id,
  failed: textPart(FAILURE_CHARS + 60),
});

/** The part that checks one envelope of lib/worker's protocol, with this door's body and progress. */
function envelopePart<R, P>(door: ReplyDoor<R, P>): MessagePart<WorkerReply<R, P>> {
  const progress = door.progress
    ? objectPart<{ id: number; progress: P }>({ id, progress: door.progress })
    : null;
  const reply = objectPart<{ id: number; body: R }>({ id, body: door.body });
  return (value, at, tally) => {
    const has = (name: string) =>
      value !== null && typeof value === 'object' && Object.hasOwn(value, name);
    if (has('body')) return reply(value, at, tally);
    if (has('progress') && progress) return progress(value, at, tally);
    if (has('failed')) return failed(value, at, tally);
    if (has('started')) return started(value, at, tally);
    throw new MessageRefused(showMessage(`${at} was none of the messages the page expects`, 300));
  };
}

/** Opens one reply of a sealed worker: its envelope, then its body, or the line that refuses it. */
export function openReply<R, P>(
  door: ReplyDoor<R, P>,
): (data: unknown) => Opened<WorkerReply<R, P>> {
  const part = envelopePart(door);
  return (data) => openMessage(data, part, door.bounds);
}
