import { Button, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';

interface FormDrawerProps {
  open: boolean;
  title: string;
  size: number;
  onClose: () => void;
  /** Submits the drawer's form: the footer buttons sit outside it. */
  onSubmit: () => void;
  cancelText: string;
  submitText: string;
  isSaving: boolean;
  /** Shows a skeleton instead of the form while its record loads. */
  loading?: boolean;
  /** Off until there is a form to submit. */
  canSubmit?: boolean;
  children: ReactNode;
}

/** A side drawer holding one form, with cancel and submit at the bottom; its content is dropped on close. */
export function FormDrawer(props: FormDrawerProps) {
  const { open, title, size, onClose, onSubmit, cancelText, submitText, isSaving, children } = props;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      destroyOnHidden
      loading={props.loading}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{cancelText}</Button>
          <Button type="primary" loading={isSaving} disabled={props.canSubmit === false} onClick={onSubmit}>
            {submitText}
          </Button>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}
