import { DatePicker } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type Dayjs, dayjs } from '../i18n/dayjs';
import { timeFormat } from './format';
import { presetRange, timePresets } from './time-presets';

type Range = [Dayjs | null, Dayjs | null] | null;

/** A start–end picker with the log shortcuts; usable as a `<Form.Item>` control. */
export function TimeRangeInput({
  value,
  onChange,
  style,
}: {
  value?: Range;
  onChange?: (value: Range) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      showTime
      style={style}
      format={timeFormat}
      value={value ?? null}
      onChange={(range) => onChange?.(range as Range)}
      // The format one may type, confirmed with Enter (issue 41 item 7).
      placeholder={[t('time.startAs', { format: timeFormat }), t('time.endAs', { format: timeFormat })]}
      presets={timePresets.map((preset) => ({
        label: t(`time.${preset.key}`),
        // A function, so the shortcut ends at the moment it is picked, not when the page opened.
        value: () => presetRange(preset.minutes, new Date()).map((d) => dayjs(d)) as [Dayjs, Dayjs],
      }))}
    />
  );
}
