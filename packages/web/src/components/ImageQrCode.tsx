import { QRCode, type QRCodeProps } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Where the QR picture is drawn inside antd's QR box, and the picture as a PNG data URL. */
interface QrPicture {
  readonly src: string;
  readonly leftPx: number;
  readonly topPx: number;
  readonly sizePx: number;
}

/**
 * antd's QR code with the same picture laid over it as an <img> while the code is active: WeChat
 * and the phone browsers recognise a QR code on long press only in an image, not in a canvas (the
 * payment dialog's hint 长按图片识别二维码, spec 001 §4; the customer-service code). antd's own
 * states (expired with refresh, scanned) show without the image.
 */
export function ImageQrCode(props: QRCodeProps & { readonly alt: string }) {
  const { alt, ...qrProps } = props;
  const box = useRef<HTMLDivElement>(null);
  const [picture, setPicture] = useState<QrPicture | null>(null);
  const active = (qrProps.status ?? 'active') === 'active';

  // After antd has drawn its canvas (a child's effects run before its parent's).
  // biome-ignore lint/correctness/useExhaustiveDependencies: copy again when what the canvas shows changes
  useEffect(() => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas || !box.current) {
      setPicture(null);
      return;
    }
    try {
      const boxRect = box.current.getBoundingClientRect();
      const canvasRect = canvas.getBoundingClientRect();
      setPicture({
        src: canvas.toDataURL('image/png'),
        leftPx: canvasRect.left - boxRect.left,
        topPx: canvasRect.top - boxRect.top,
        sizePx: canvasRect.width,
      });
    } catch {
      // A canvas that cannot be read (never for a code drawn here): the canvas alone stays.
      setPicture(null);
    }
  }, [qrProps.value, qrProps.size, qrProps.errorLevel, qrProps.color, qrProps.bgColor]);

  return (
    <div ref={box} style={{ position: 'relative', display: 'inline-block', lineHeight: 0 }}>
      <QRCode {...qrProps} type="canvas" />
      {active && picture ? (
        <img
          src={picture.src}
          alt={alt}
          width={picture.sizePx}
          height={picture.sizePx}
          style={{ position: 'absolute', left: picture.leftPx, top: picture.topPx }}
          data-testid="qr-image"
        />
      ) : null}
    </div>
  );
}
