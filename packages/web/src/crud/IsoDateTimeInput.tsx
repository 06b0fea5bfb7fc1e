import { DatePicker } from 'antd';
import { dayjs } from '../i18n/dayjs';
import { timeFormat } from './format';

/** A date-time picker whose value is an ISO-8601 UTC string, as the API sends and takes. */
export function IsoDateTimeInput({
  value,
  onChange,
  id,
  showUtc,
  testId,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  /** Also show the chosen time in UTC under the picker, so a window is never misread across zones. */
  showUtc?: boolean;
  testId?: string;
  /** The picker's name where no form label names it (a condition row's value). */
  'aria-label'?: string;
}) {
  const picker = (
    <DatePicker
      id={id}
      showTime
      format={timeFormat}
      // The format one may type (confirmed with Enter), not antd's "select a date" (issue 41 item 7).
      placeholder={timeFormat}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.toDate().toISOString() : undefined)}
      style={{ minWidth: 200 }}
      data-testid={testId}
      aria-label={ariaLabel}
    />
  );
  if (!showUtc) return picker;
  return (
    <div>
      {picker}
      {value && (
        <div className="ant-form-item-extra" data-testid={testId && `${testId}-utc`}>
          UTC {value.slice(0, 16).replace('T', ' ')}
        </div>
      )}
    </div>
  );
}
