import { DatePicker } from 'antd';
import { dayjs } from '../i18n/dayjs';
import { timeFormat } from './format';

/** A date-time picker whose value is an ISO-8601 UTC string, as the API sends and takes. */
export function IsoDateTimeInput({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  return (
    <DatePicker
      id={id}
      showTime
      format={timeFormat}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.toDate().toISOString() : undefined)}
      style={{ minWidth: 200 }}
    />
  );
}
