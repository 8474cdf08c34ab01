import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';

class Busy extends Error {}

/** A promise the test resolves when it chooses: a task held in flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and queues the rest in arrival order', async () => {
    const s = new Semaphore(2, 10, () => new Busy());
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const done = gates.map((g, i) =>
      s.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(i);
        await g.opened;
        running -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(s.inFlight).toBe(2);
    expect(s.queued).toBe(4);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s.inFlight).toBe(0);
    expect(s.queued).toBe(0);
  });

  it('refuses at once beyond the bound of the queue, and takes work again once it drains', async () => {
    const s = new Semaphore(1, 2, () => new Busy('busy'));
    const g = gate();
    const accepted = [s.run(() => g.opened), s.run(() => g.opened), s.run(() => g.opened)];
    await expect(s.run(async () => 'late')).rejects.toBeInstanceOf(Busy);
    expect(s.queued).toBe(2);
    g.open();
    await Promise.all(accepted);
    await expect(s.run(async () => 'later')).resolves.toBe('later');
  });

  it('frees the slot of a task that fails', async () => {
    const s = new Semaphore(1, 0, () => new Busy());
    await expect(s.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(s.inFlight).toBe(0);
    await expect(s.run(async () => 1)).resolves.toBe(1);
  });
});
