import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type TestInfo } from '@playwright/test';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 5;
/** Pixels per barcode module: a sharp, well-lit card held close. */
const MODULE_PX = 2;

let ready: Promise<unknown> | undefined;
/** The barcode writer, loaded once from its file in node_modules (its default is a CDN). */
function zxing() {
  ready ??= (() => {
    const file = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) },
      fireImmediately: true,
    });
  })();
  return ready;
}

/** One grey-scale frame (Y plane) with a Code 128 barcode of `text` in its middle. */
async function frame(text: string): Promise<Buffer> {
  await zxing();
  const { symbol, error } = await writeBarcode(text, { format: 'Code128' });
  if (!symbol || error) throw new Error(`cannot draw ${text}: ${error}`);
  const y = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - symbol.width * MODULE_PX) / 2);
  const top = Math.floor(HEIGHT / 4);
  for (let row = top; row < HEIGHT - top; row++)
    for (let x = 0; x < symbol.width * MODULE_PX; x++)
      if (symbol.data[Math.floor(x / MODULE_PX)] === 0) y[row * WIDTH + left + x] = 16;
  return y;
}

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`, YUV4MPEG2): each
 * barcode is held in front of the camera for its number of seconds, in order, then it loops.
 */
export async function barcodeVideo(name: string, shots: { text: string; seconds: number }[]) {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const shot of shots) {
    const luma = await frame(shot.text);
    for (let i = 0; i < shot.seconds * FPS; i++) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  const file = join(tmpdir(), `selfcare-camera-${name}.y4m`);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** A Chromium like the project's, whose camera films `video`. */
export function browserWithCamera(info: TestInfo, video: string): Promise<Browser> {
  const launch = info.project.use.launchOptions ?? {};
  return chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
