import { purchaseItemResource } from '@rookery/contracts';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';

/**
 * A numbered IAP item of the store catalogue picked a page at a time, shown with its title (a
 * gift pack's item, the product that breaks a piggy bank or unlocks a premium pass).
 */
export function PurchaseItemPicker(props: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  id?: string;
  testId: string;
}) {
  return (
    <ResourcePicker
      id={props.id}
      resource={purchaseItemResource}
      value={props.value === undefined || props.value === null ? undefined : String(props.value)}
      onChange={(key) => props.onChange?.(key ? Number(key) : undefined)}
      labelOf={(row) => `${row.id} · ${row.title}`}
      style={{ maxWidth: 360 }}
      testId={props.testId}
    />
  );
}
