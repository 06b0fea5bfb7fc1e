import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Save and back, under a page form: on a row of their own (a block-level flex), never beside the
 * form's last row of inline fields (a mail's dates and IAP ID).
 */
export function FormActions({
  submitting,
  backTo,
  submitText,
}: {
  submitting: boolean;
  backTo: string;
  /** The submit button's name where it does more than save ("发送"). */
  submitText?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap="small" wrap data-testid="form-actions">
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
        {submitText ?? t('common.save')}
      </Button>
      <Button onClick={() => navigate(backTo)}>{t('common.back')}</Button>
    </Flex>
  );
}
