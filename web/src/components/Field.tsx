import { theme } from 'antd';
import type { ReactNode } from 'react';

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
 * A labelled form row in the look of antd's vertical Form.Item, for the sign-in form, which keeps antd's
 * Form engine (and its validator) out of the first page a visitor loads.
 */
export function Field({ htmlFor, label, error, extra, children }: Props) {
  const { token } = theme.useToken();
  const hint = error ?? extra;
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={htmlFor}
        style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <div
          id={`${htmlFor}-hint`}
          role={error ? 'alert' : undefined}
          style={{ color: error ? token.colorError : token.colorTextSecondary, marginTop: 4 }}
        >
          {hint}
        </div>
      )}
    </div>
  );
}

/** The accessibility attributes of a control inside a Field. */
export function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-hint` : undefined,
  };
}
