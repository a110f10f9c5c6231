import type { ReactNode } from 'react';
import '../styles/tokens.css';

interface Props {
  /** The id of the control inside, which the label names. */
  htmlFor: string;
  label: ReactNode;
  /** Shown in the error colour and announced; the control should point at `${htmlFor}-hint`. */
  error?: string | undefined;
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A labelled form row in the look of antd's vertical Form.Item, for the sign-in form, which keeps antd (and
 * its Form engine) out of the first page a visitor loads.
 */
export function Field({ htmlFor, label, error, extra, children }: Props) {
  const hint = error ?? extra;
  return (
    <div style={{ marginBottom: 'var(--fc-margin-lg)' }}>
      <label
        htmlFor={htmlFor}
        style={{
          display: 'block',
          paddingBottom: 'var(--fc-padding-xs)',
          color: 'var(--fc-color-text-heading)',
        }}
      >
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <div
          id={`${htmlFor}-hint`}
          role={error ? 'alert' : undefined}
          style={{
            color: error ? 'var(--fc-color-error)' : 'var(--fc-color-text-secondary)',
            marginTop: 4,
          }}
        >
          {hint}
        </div>
      )}
    </div>
  );
}

/** The accessibility attributes of a control inside a Field (`status` is read by antd's inputs). */
export function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-hint` : undefined,
  };
}
