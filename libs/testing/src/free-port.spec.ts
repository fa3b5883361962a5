import { PORT_SLICE_SIZE, getFreePort, portSliceStart } from './free-port';

describe('free ports for servers started by tests', () => {
  it('gives each Jest worker its own slice below the ephemeral range', () => {
    // '' is the main process (a global setup): no worker id.
    const starts = ['1', '2', '3'].map((id) => portSliceStart(id, ''));
    expect(new Set([portSliceStart('', ''), ...starts]).size).toBe(4);
    for (const start of [portSliceStart('', ''), ...starts]) {
      expect(start).toBeGreaterThanOrEqual(20_000);
      expect(start + PORT_SLICE_SIZE).toBeLessThanOrEqual(32_000);
    }
  });

  it('puts a whole run in the slice TEST_PORT_SLICE names, whatever its worker ids', () => {
    expect(portSliceStart('1', '3')).toBe(portSliceStart('3', ''));
    expect(portSliceStart('', '3')).toBe(portSliceStart('3', ''));
    expect(portSliceStart('2', '0')).toBe(portSliceStart('', ''));
    // Not a slice: the worker's own.
    expect(portSliceStart('1', '4')).toBe(portSliceStart('1', ''));
    expect(portSliceStart('1', 'x')).toBe(portSliceStart('1', ''));
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
