import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { FormModal } from './FormModal';

// jsdom has no matchMedia; antd's Modal asks it for the screen's breakpoint.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

interface Values {
  name: string;
}

function Dialog(props: {
  onSubmit: (values: Values) => Promise<string>;
  onClose: () => void;
  onSaved?: (saved: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values, string>
      form={form}
      name="thing-form"
      title="New thing"
      okText="Create"
      cancelText="Cancel"
      saving={false}
      submitTestId="thing-form-submit"
      initialValues={{ name: 'Tower' }}
      fields={{ name: 'name' }}
      conflicts={{ name: 'That name is taken' }}
      {...props}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('thing-form-submit'));
  });
}

describe('FormModal', () => {
  it('submits the form from its OK button, then closes before telling what was saved', async () => {
    const calls: string[] = [];
    const onSubmit = vi.fn(async (values: Values) => {
      calls.push(`submit ${values.name}`);
      return 'saved-id';
    });
    render(
      <Dialog
        onSubmit={onSubmit}
        onClose={() => calls.push('close')}
        onSaved={(saved) => calls.push(`saved ${saved}`)}
      />,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('New thing')).toBeTruthy();
    await submit();
    await waitFor(() => expect(calls).toEqual(['submit Tower', 'close', 'saved saved-id']));
  });

  it('shows a conflict the server names on its field and stays open', async () => {
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 409, code: 'CONFLICT', info: 'body.name: already used' });
    });
    render(<Dialog onSubmit={onSubmit} onClose={onClose} onSaved={onSaved} />);
    await submit();
    await waitFor(() => expect(screen.getByText('That name is taken')).toBeTruthy());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes from Cancel without saving', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => 'x');
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
