import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './popup-menu.module.css';

export interface PopupMenuItem {
  key: string;
  label: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  /** Draws a separator above the item. */
  divided?: boolean;
}

export interface PopupMenuState {
  x: number;
  y: number;
  /** Align the menu's right edge with x (menus opened from a right-hand button). */
  alignRight?: boolean;
  /** Element that gets focus back when the menu closes. */
  returnFocus?: HTMLElement | null;
}

/**
 * A small accessible menu (role="menu", arrow keys, Home/End, Escape, click outside) for the
 * shell's user menu and tab menus. Hand-made so the first screens need not load antd Dropdown
 * and Menu; screens are free to use those.
 */
export function PopupMenu({
  state,
  items,
  onSelect,
  onClose,
  label,
  testId,
}: {
  state: PopupMenuState | null;
  items: readonly PopupMenuItem[];
  onSelect: (key: string) => void;
  onClose: () => void;
  label: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    if (!state || !ref.current) return setPos(null);
    const { width, height } = ref.current.getBoundingClientRect();
    const left = Math.max(4, Math.min(state.alignRight ? state.x - width : state.x, window.innerWidth - width - 4));
    const top = Math.max(4, Math.min(state.y, window.innerHeight - height - 4));
    setPos({ left, top });
    ref.current.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [state]);

  useEffect(() => {
    if (!state) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onScroll = () => onClose();
    document.addEventListener('pointerdown', onDown, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [state, onClose]);

  if (!state) return null;

  const close = () => {
    onClose();
    state.returnFocus?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (j: number) => buttons[(j + buttons.length) % buttons.length]?.focus();
    if (e.key === 'ArrowDown') focus(i + 1);
    else if (e.key === 'ArrowUp') focus(i - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(buttons.length - 1);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') onClose();
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      className={styles.menu}
      style={pos ? { left: pos.left, top: pos.top } : { left: -9999, top: 0 }}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {items.map((item) => (
        <div key={item.key} role="none" className={item.divided ? styles.divided : undefined}>
          <button
            type="button"
            role="menuitem"
            disabled={item.disabled}
            className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
            onClick={() => {
              close();
              onSelect(item.key);
            }}
          >
            {item.label}
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}

/** Where to open a menu below a trigger button. */
export function belowTrigger(el: HTMLElement, alignRight = false): PopupMenuState {
  const r = el.getBoundingClientRect();
  return { x: alignRight ? r.right : r.left, y: r.bottom + 4, alignRight, returnFocus: el };
}
