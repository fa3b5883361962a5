import { PORT_SLICE_SIZE, getFreePort, portSliceStart } from './free-port';

describe('free ports for servers started by tests', () => {
  it('gives each Jest worker its own slice below the ephemeral range', () => {
    // '' is the main process (a global setup): no worker id.
    const starts = ['1', '2', '3'].map((id) => portSliceStart(id));
    expect(new Set([portSliceStart(''), ...starts]).size).toBe(4);
    for (const start of [portSliceStart(''), ...starts]) {
      expect(start).toBeGreaterThanOrEqual(20_000);
      expect(start + PORT_SLICE_SIZE).toBeLessThanOrEqual(32_000);
    }
  });

  it('never hands out the same port twice in one process, even before anything binds it', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 200; i += 1) ports.push(await getFreePort());
    expect(new Set(ports).size).toBe(200);
    const start = portSliceStart();
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(start);
      expect(port).toBeLessThan(start + PORT_SLICE_SIZE);
    }
  });
});
