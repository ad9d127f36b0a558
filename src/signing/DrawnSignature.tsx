/**
 * The 'Draw' way of signing: a signature_pad canvas (mouse, finger or pen) with 'Clear'. Drawing needs a pointer; the
 * help text under the pad says so and points keyboard users to 'Type'.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import type { SignDocumentLabels } from './labels';
import { SIGNATURE_INK } from './signature-image';

/** Height of the pad in CSS pixels. */
const PAD_HEIGHT = 180;

/** Props of {@link DrawnSignature}. */
export interface DrawnSignatureProps {
  labels: SignDocumentLabels;
  /** Called after each stroke and after 'Clear', with the drawing as a PNG data URL (null when the pad is empty). */
  onChange(image: string | null): void;
  disabled?: boolean;
}

/** The signature pad; see the module comment. */
export function DrawnSignature({ labels, onChange, disabled = false }: DrawnSignatureProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const helpId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePad;
    try {
      pad = new SignaturePad(canvas, { penColor: SIGNATURE_INK, backgroundColor: 'rgba(0, 0, 0, 0)', minWidth: 0.8, maxWidth: 2.6 });
    } catch {
      // No 2D context (a browser without canvas support): the pad stays inert, 'Type' still signs.
      return;
    }
    padRef.current = pad;
    const report = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    // The canvas is sized to its box in device pixels, so strokes are sharp; a new size keeps the strokes drawn.
    const fit = () => {
      const width = canvas.offsetWidth;
      if (width === 0) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const wanted = Math.round(width * ratio);
      if (canvas.width === wanted && canvas.height === Math.round(PAD_HEIGHT * ratio)) return;
      const strokes = pad.toData();
      canvas.width = wanted;
      canvas.height = Math.round(PAD_HEIGHT * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
      if (strokes.length) report();
    };
    fit();
    pad.addEventListener('endStroke', report);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };

  return (
    <Box>
      <Box
        style={{
          // The pad is paper, as the document: white in both schemes, with a border at 3:1 and more (gray.6 on white).
          background: '#fff',
          border: '1px solid var(--mantine-color-gray-6)',
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={labels.sdPad}
          aria-describedby={helpId}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: disabled ? 'default' : 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" align="flex-start" gap="sm" mt="xs" wrap="nowrap">
        <Text id={helpId} size="sm" c="dimmed">
          {labels.sdPadHelp}
        </Text>
        <Button variant="default" size="sm" onClick={clear} disabled={disabled} style={{ flexShrink: 0 }}>
          {labels.sdClear}
        </Button>
      </Group>
    </Box>
  );
}
