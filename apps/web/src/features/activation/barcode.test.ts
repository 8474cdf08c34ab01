import { prepareZXingModule, BarcodeDetector as ZXingDetector } from 'barcode-detector/ponyfill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDetector } from './barcode.ts';

vi.mock('barcode-detector/ponyfill', () => ({
  prepareZXingModule: vi.fn(async () => undefined),
  BarcodeDetector: vi.fn(function ZXing(this: { formats: string[] }, opts: { formats: string[] }) {
    this.formats = opts.formats;
  }),
}));

/** A browser's own BarcodeDetector that reads the formats `supported` answers. */
function nativeDetector(supported: () => Promise<string[]>) {
  const made: { formats: string[] }[] = [];
  class Native {
    constructor(readonly opts: { formats: string[] }) {
      made.push(opts);
    }
    static getSupportedFormats = supported;
    detect = async () => [];
  }
  vi.stubGlobal('BarcodeDetector', Native);
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('createDetector', () => {
  it("uses the browser's own detector where it reads Code 128, for the SIM formats it knows, and loads no WebAssembly", async () => {
    const made = nativeDetector(async () => ['qr_code', 'code_128', 'ean_13', 'data_matrix']);
    await createDetector();
    expect(made).toEqual([{ formats: ['code_128', 'data_matrix', 'qr_code'] }]);
    expect(prepareZXingModule).not.toHaveBeenCalled();
  });

  it('reads with ZXing where the browser has no detector, for every format a SIM is printed in', async () => {
    await createDetector();
    expect(ZXingDetector).toHaveBeenCalledWith({
      formats: ['code_128', 'code_39', 'itf', 'data_matrix', 'qr_code'],
    });
  });

  it("reads with ZXing where the browser's detector cannot read Code 128, or will not say what it reads", async () => {
    const without = nativeDetector(async () => ['qr_code']);
    await createDetector();
    expect(without).toEqual([]);
    const failing = nativeDetector(() => Promise.reject(new Error('not supported')));
    await createDetector();
    expect(failing).toEqual([]);
    expect(ZXingDetector).toHaveBeenCalledTimes(2);
  });

  it('fetches the reader from this site, never from a CDN', async () => {
    await createDetector();
    const options = vi.mocked(prepareZXingModule).mock.calls[0]?.[0] as {
      overrides: { locateFile: (path: string, prefix: string) => string };
    };
    const { overrides } = options;
    const wasm = overrides.locateFile('zxing_reader.wasm', 'https://cdn.example.net/zxing/');
    expect(wasm).not.toContain('cdn.example.net');
    expect(wasm).toMatch(/zxing_reader\.wasm$/);
    expect(new URL(wasm, window.location.href).origin).toBe(window.location.origin);
  });
});
