import { Button, type ButtonProps } from 'antd';

/**
 * A text button showing only its icon: its label names it for screen readers (`aria-label`) and
 * shows on hover (`title`), one text for both.
 */
export function IconButton({
  label,
  ...props
}: Omit<ButtonProps, 'aria-label' | 'title' | 'type'> & { label: string }) {
  return <Button type="text" {...props} aria-label={label} title={label} />;
}
