import { describe, expect, it } from 'vitest';
import { createTimeSlices } from '../src/lib/time-slices.ts';

describe('time slices', () => {
  it('runs queued steps in order, letting other work in once a turn has used its slice', async () => {
    let clock = 0;
    const turns = createTimeSlices(1, () => clock);
    const events: string[] = [];
    const steps = Array.from({ length: 6 }, (_, i) =>
      turns.run(() => {
        clock += 0.4;
        events.push(`step ${i}`);
        if (i === 0) setImmediate(() => events.push('other work'));
        return i;
      }),
    );

    expect(await Promise.all(steps)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events).toEqual([
      'step 0',
      'step 1',
      'step 2',
      'other work',
      'step 3',
      'step 4',
      'step 5',
    ]);
  });

  it('fails only the step that throws', async () => {
    const turns = createTimeSlices(1, () => 0);
    const failing = turns.run(() => {
      throw new Error('bad step');
    });
    const next = turns.run(() => 'done');

    await expect(failing).rejects.toThrow('bad step');
    await expect(next).resolves.toBe('done');
  });
});
