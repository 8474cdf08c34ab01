import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { normalizeIccid } from '@selfcare/domain/fulfilment';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { createDetector } from '../barcode.ts';
import '../texts.ts';

type State = 'starting' | 'scanning' | 'wrong' | 'denied' | 'noCamera' | 'unavailable';

/** What each state tells the customer. */
const MESSAGE: Record<State, string> = {
  starting: 'activation.scanStarting',
  scanning: 'activation.scanning',
  wrong: 'activation.scanWrong',
  denied: 'activation.scanDenied',
  noCamera: 'activation.scanNoCamera',
  unavailable: 'activation.scanUnavailable',
};
const FAILED: readonly State[] = ['denied', 'noCamera', 'unavailable'];

/** Why the camera could not be used, by the DOMException's name; anything else is 'unavailable'. */
const FAILURE: Record<string, State> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'noCamera',
  OverconstrainedError: 'noCamera',
};

/** Time between two reads of the camera picture. */
const READ_EVERY_MS = 150;

/**
 * The device camera, read for the SIM card's barcode until it shows an ICCID (the same check the
 * typed number gets). Barcodes that are not an ICCID are named as such and reading goes on. The
 * camera is released when a number is read, when the customer stops, and when this closes.
 */
export default function BarcodeScanner({
  onScan,
  onClose,
}: {
  onScan: (iccid: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<State>('starting');
  const found = useRef(onScan);
  found.current = onScan;

  useEffect(() => {
    stop.current?.focus();
    let closed = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      closed = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        const camera = navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        // Held as soon as it is granted, so that it is released even if the reader fails to load.
        camera.then(
          (media) => {
            stream = media;
            if (closed) release();
          },
          () => {},
        );
        const [detector, media] = await Promise.all([createDetector(), camera]);
        const el = video.current;
        if (closed || !el) return release();
        el.srcObject = media;
        await el.play();
        setState('scanning');
        const read = async () => {
          if (closed) return;
          const codes = el.readyState >= 2 ? await detector.detect(el).catch(() => []) : [];
          for (const code of codes) {
            const iccid = normalizeIccid(code.rawValue);
            if (iccid && !closed) {
              release();
              found.current(iccid);
              return;
            }
          }
          if (codes.length) setState('wrong');
          timer = setTimeout(read, READ_EVERY_MS);
        };
        void read();
      } catch (err) {
        release();
        setState(FAILURE[err instanceof Error ? err.name : ''] ?? 'unavailable');
      }
    })();
    return release;
  }, []);

  const failed = FAILED.includes(state);
  return (
    <Paper withBorder p="md">
      <Stack>
        {failed ? (
          <Alert color="yellow" role="alert">
            {t(MESSAGE[state])}
          </Alert>
        ) : (
          <>
            {/* What the camera sees is also told in words, in the status below. */}
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('activation.cameraView')}
              style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 4 }}
            />
            <Text role="status" aria-live="polite">
              {t(MESSAGE[state])}
            </Text>
          </>
        )}
        <Button ref={stop} variant="default" onClick={onClose}>
          {t(failed ? 'activation.scanClose' : 'activation.scanStop')}
        </Button>
      </Stack>
    </Paper>
  );
}
