import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '@keystead/contract/languages';
import './language-dropdown.css';

/**
 * The language dropdown (§2). A small menu of its own rather than antd's Dropdown, which would
 * add its menu and positioning code to the sign-in screen's first download.
 */
export function LanguageDropdown(props: {
  value: Language;
  loading?: boolean;
  onChange: (language: Language) => void;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="ks-lang" ref={root}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        loading={props.loading}
        // The visible language name is part of the name (WCAG 2.5.3, label in name).
        aria-label={`${props.label}: ${LANGUAGE_NAMES[props.value]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="language-dropdown"
      >
        <span className="ks-lang__name">{LANGUAGE_NAMES[props.value]}</span>
      </Button>
      {open ? (
        <ul className="ks-lang__menu" role="menu" aria-label={props.label}>
          {SUPPORTED_LANGUAGES.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === props.value}
                data-lang={code}
                className={code === props.value ? 'ks-lang__item ks-lang__item--active' : 'ks-lang__item'}
                onClick={() => {
                  setOpen(false);
                  props.onChange(code);
                }}
              >
                <span>{LANGUAGE_NAMES[code]}</span>
                {code === props.value ? <CheckOutlined /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
