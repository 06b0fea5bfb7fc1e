import type { MessageInstance } from 'antd/es/message/interface';
import type { TFunction } from 'i18next';

/** Copy text and say whether it worked (spec §8: 'copy succeeded' / 'copy failed'). */
export async function copyText(text: string, message: MessageInstance, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    message.success(t('common.copySucceeded'));
  } catch {
    message.error(t('common.copyFailed'));
  }
}
