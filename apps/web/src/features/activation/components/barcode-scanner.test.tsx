import { MantineProvider } from '@mantine/core';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDetector, type Detector } from '../barcode.ts';
import activationEn from '../locales/en.json';
import BarcodeScanner from './barcode-scanner.tsx';

vi.mock('../barcode.ts', () => ({ createDetector: vi.fn() }));
const ICCID = withLuhnDigit('896501261122000001');

/** A camera whose one track reports when it is turned off. */
function camera() {
  const track = { stop: vi.fn() };
  const stream = Object.assign(new MediaStream(), { getTracks: () => [track] }) as unknown as MediaStream;
  return { stream, track };
}

/** A detector that sees, read after read, what `reads` lists; nothing once the list is used up. */
function detectorSeeing(...reads: string[][]) {
  const detect = vi.fn(async () => (reads.shift() ?? []).map((rawValue) => ({ rawValue })));
  vi.mocked(createDetector).mockResolvedValue({ detect } satisfies Detector);
  return detect;
}

function giveCamera(answer: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(answer) },
  });
}

const denied = (name: string) => () => Promise.reject(new DOMException('camera', name));

function open() {
  const onScan = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <MantineProvider>
      <BarcodeScanner onScan={onScan} onClose={onClose} />
    </MantineProvider>,
  );
  return { onScan, onClose, ...view };
}

beforeEach(() => {
  // The camera's picture is there to be read (a real video element says so once frames arrive).
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the SIM barcode scanner', () => {
  it('says so when a barcode is not a SIM number, reads on, and hands over the ICCID it then finds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { stream, track } = camera();
    giveCamera(async () => stream);
    const detect = detectorSeeing([], ['4006381333931'], [ICCID.replace(/(\d{4})/g, '$1 ')]);
    const { onScan } = open();
    expect(screen.getByRole('status').textContent).toBe(activationEn.scanStarting);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe(activationEn.scanning);
    expect(detect).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.getByRole('status').textContent).toBe(activationEn.scanWrong);
    expect(onScan).not.toHaveBeenCalled();
    expect(track.stop).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(onScan).toHaveBeenCalledWith(ICCID);
    expect(onScan).toHaveBeenCalledOnce();
    // The camera is off once the number is read, and no further read is scheduled.
    expect(track.stop).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(detect).toHaveBeenCalledTimes(3);
  });

  it('asks to hold the card to the camera while it reads, and turns the camera off when stopped', async () => {
    const { stream, track } = camera();
    giveCamera(async () => stream);
    detectorSeeing();
    const { onClose, unmount } = open();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(activationEn.scanning));
    fireEvent.click(screen.getByRole('button', { name: activationEn.scanStop }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(track.stop).not.toHaveBeenCalled();
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', activationEn.scanDenied],
    ['SecurityError', activationEn.scanDenied],
    ['NotFoundError', activationEn.scanNoCamera],
    ['OverconstrainedError', activationEn.scanNoCamera],
    ['NotReadableError', activationEn.scanUnavailable],
  ])('tells what to do instead when the camera fails with %s', async (name, message) => {
    giveCamera(denied(name));
    detectorSeeing();
    const { onClose } = open();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: activationEn.scanClose }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('turns the camera off again when the barcode reader cannot load', async () => {
    const { stream, track } = camera();
    giveCamera(async () => stream);
    vi.mocked(createDetector).mockRejectedValue(new Error('WebAssembly blocked'));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(activationEn.scanUnavailable);
    expect(track.stop).toHaveBeenCalled();
  });

  it('releases a camera granted after the scanner was closed, while the reader was still loading', async () => {
    const { stream, track } = camera();
    let grant: (s: MediaStream) => void = () => {};
    giveCamera(() => new Promise<MediaStream>((r) => (grant = r)));
    vi.mocked(createDetector).mockReturnValue(new Promise<Detector>(() => {}));
    const { unmount } = open();
    unmount();
    await act(async () => grant(stream));
    expect(track.stop).toHaveBeenCalled();
  });
});
