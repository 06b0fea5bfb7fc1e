import { giftCodeEndpoints } from '@rookery/contracts';
import { ListPage } from '../../crud/ListPage';
import { redemptionFields } from './fields';

/** Redemptions by player, by code or of a batch, newest first: "did this player get their code, and what did it give". */
export default function GiftCodeUserQueryPage() {
  return <ListPage endpoint={giftCodeEndpoints.listGiftCodeRedemptions} fields={redemptionFields} />;
}

/** The gift-code tab of a player's detail page: that player's redemptions. */
export function PlayerGiftCodeTab({ userId }: { userId: number }) {
  return (
    <ListPage
      endpoint={giftCodeEndpoints.listGiftCodeRedemptions}
      query={{ userId }}
      urlPrefix="giftCodes"
      fields={redemptionFields.filter((f) => f.name !== 'userId').map((f) => ({ ...f, search: undefined }))}
    />
  );
}
