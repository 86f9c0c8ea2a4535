import { Modal, type ModalProps } from 'antd';
import { type PointerEvent, useRef, useState } from 'react';
import styles from './confirmation.module.css';

/**
 * A Modal the user can drag by its title and resize from the corner, never below 400×300
 * (spec 000 §9). Dragging uses pointer capture, so it keeps working when the pointer leaves the title.
 */
export function DraggableModal({ title, children, ...props }: ModalProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const down = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s) return;
    // Keep the title reachable: the dialog may not leave the window entirely.
    const x = Math.max(-window.innerWidth / 2, Math.min(window.innerWidth / 2, s.ox + e.clientX - s.x));
    const y = Math.max(-80, Math.min(window.innerHeight - 120, s.oy + e.clientY - s.y));
    setOffset({ x, y });
  };
  const up = () => {
    start.current = null;
  };
  return (
    <Modal
      {...props}
      title={
        <div className={styles.dragHandle} onPointerDown={down} onPointerMove={move} onPointerUp={up} data-testid="confirmation-drag">
          {title}
        </div>
      }
      modalRender={(node) => <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>}
      classNames={{ container: styles.resizable }}
    >
      {children}
    </Modal>
  );
}
