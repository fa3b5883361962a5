import { parsePodPackageId, podPackageId, trimOf } from './pod-package';
import { tablePrintCostPerCopy, tableShippingCost } from './print-price-table';

describe('product codes', () => {
  it('names trim, colour and paper as Lulu does', () => {
    expect(podPackageId({})).toBe('0583X0827.BW.STD.PB.060UW444.MXX');
    expect(podPackageId({ size: '135x210', printingType: 'color', paperType: '90g' })).toBe(
      '0531X0827.FC.STD.PB.080CW444.MXX',
    );
    expect(trimOf('13.5x21')).toEqual({ width: 135, height: 210 });
  });

  it('reads a code back, dotted or compact, and nothing else', () => {
    expect(parsePodPackageId('0583X0827.BW.STD.PB.060UW444.MXX')).toEqual({
      trim: '0583X0827',
      colour: 'BW',
      paper: '060UW444',
    });
    expect(parsePodPackageId('0600X0900FCSTDPB080CW444GXX')).toMatchObject({ colour: 'FC' });
    expect(parsePodPackageId('A5-bw')).toBeNull();
  });
});

describe('the simulator price table', () => {
  it('prices a copy per book, per page, colour and paper', () => {
    expect(tablePrintCostPerCopy('0583X0827.BW.STD.PB.060UW444.MXX', 200)).toBe(1500);
    expect(tablePrintCostPerCopy('0583X0827.FC.STD.PB.060UW444.MXX', 200)).toBe(3300);
    expect(tablePrintCostPerCopy('0531X0827.BW.STD.PB.080CW444.MXX', 100)).toBe(1250);
    expect(tablePrintCostPerCopy('nonsense', 100)).toBeNull();
    expect(tablePrintCostPerCopy('0583X0827.BW.STD.PB.060UW444.MXX', 0)).toBeNull();
  });

  it('prices shipping per job and per copy by level', () => {
    expect(tableShippingCost('MAIL', 2)).toBe(1900);
    expect(tableShippingCost('TELEPORT', 1)).toBeNull();
  });
});
