import { useEffect, useRef } from 'react';
import { readQrText } from '@/lib/qr-signing/qr-image';

/** Why the camera could not be used (§8 hardware codes: PERMISSION, DEVICE). */
export type CameraProblem = 'permission' | 'no_camera';

/**
 * The device's screen seen through the camera: each video frame is searched for a QR code and
 * every text found is passed on (the caller's collector ignores repeats).
 */
export function CameraScanner(props: {
  onText: (text: string) => void;
  onProblem: (problem: CameraProblem) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { onText, onProblem } = props;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const scan = () => {
      if (stopped) return;
      const element = video.current;
      if (element && context && element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        context.drawImage(element, 0, 0);
        const text = readQrText(context.getImageData(0, 0, canvas.width, canvas.height));
        if (text) onText(text);
      }
      frame = requestAnimationFrame(scan);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((media) => {
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play();
        }
        frame = requestAnimationFrame(scan);
      })
      .catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        onProblem(name === 'NotAllowedError' || name === 'SecurityError' ? 'permission' : 'no_camera');
      });

    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onText, onProblem]);

  return (
    <video
      ref={video}
      muted
      playsInline
      data-testid="qr-camera"
      style={{ width: '100%', maxHeight: 260, background: '#000', borderRadius: 6 }}
    />
  );
}
