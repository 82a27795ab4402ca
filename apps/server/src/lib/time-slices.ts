/**
 * Short synchronous steps of many requests, run in queue order in turns of about `sliceMs` on
 * the event loop; between turns the loop takes in I/O. A step is not split: a turn ends after
 * the step that reaches the slice. However many requests queue steps, another request (a health
 * check, a signed-in customer's page) waits at most one turn for the loop.
 */
export interface TimeSlices {
  /** Runs `step` in a coming turn; settles as the step returned or threw. */
  run<T>(step: () => T): Promise<Awaited<T>>;
}

interface Queued {
  step: () => unknown;
  resolve: (value: never) => void;
  reject: (reason: unknown) => void;
}

export function createTimeSlices(
  sliceMs: number,
  now: () => number = () => performance.now(),
): TimeSlices {
  const queue: Queued[] = [];
  let scheduled = false;

  const turn = () => {
    scheduled = false;
    const started = now();
    do {
      const { step, resolve, reject } = queue.shift() as Queued;
      try {
        resolve(step() as never);
      } catch (err) {
        reject(err);
      }
    } while (queue.length > 0 && now() - started < sliceMs);
    schedule();
  };
  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(turn);
  };

  return {
    run<T>(step: () => T) {
      return new Promise<Awaited<T>>((resolve, reject) => {
        queue.push({ step, resolve: resolve as (value: never) => void, reject });
        schedule();
      });
    },
  };
}
