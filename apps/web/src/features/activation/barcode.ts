import { prepareZXingModule, BarcodeDetector as ZXingBarcodeDetector } from 'barcode-detector/ponyfill';
// The reader's WebAssembly, served by us beside the app (never from a CDN); only fetched when the
// browser has no barcode detector of its own.
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scanner needs of a detector: the Barcode Detection API's `detect`. */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The symbologies SIM cards and their carriers print the ICCID in; Code 128 above all. */
const FORMATS = ['code_128', 'code_39', 'itf', 'data_matrix', 'qr_code'] as const;

/** One object for every scan: the module is reused while its overrides are the same object. */
const ZXING_OVERRIDES = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasm : prefix + path),
};

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads Code 128 (Chrome on Android and macOS, Safari),
 * else ZXing compiled to WebAssembly through the `barcode-detector` ponyfill.
 */
export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('code_128'))
      return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  }
  await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  return new ZXingBarcodeDetector({ formats: [...FORMATS] });
}
