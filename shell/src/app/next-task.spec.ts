import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'scheduler');
  });

  it('goes on in a later task: after work already queued as a task, not only after microtasks', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    void Promise.resolve().then(() => order.push('microtask'));
    await nextTask();
    order.push('after the yield');
    expect(order).toEqual(['microtask', 'queued task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToBrowser = jest.fn(() => Promise.resolve());
    Object.defineProperty(globalThis, 'scheduler', {
      configurable: true,
      value: { yield: yieldToBrowser },
    });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
