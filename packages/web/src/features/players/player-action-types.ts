import type { Endpoint, RouteName } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The fields a player action form is made of, each validated by the endpoint's body schema. */
export type PlayerActionField =
  | 'userId'
  | 'userIds'
  | 'deviceIds'
  | 'reason'
  | 'until'
  | 'chatUntil'
  | 'items'
  | 'kinds';

type BodyEndpoint<B extends z.ZodType> = Endpoint<any, B, any, any>;

/**
 * One player action screen (freeze, ban, clear, deduct…): a declaration, the kit does the rest.
 * Its `name` keys its texts: `players.<name>` (the button), `players.<name>Confirm` (the
 * question) and `players.<name>Ok` (the confirm button), each given `count` and `userId`.
 */
export interface PlayerAction<B extends z.ZodType> {
  name: string;
  /** The mutation endpoint; its body schema validates the form. */
  endpoint: BodyEndpoint<B>;
  /** The page's route: its title is the route's. */
  route: RouteName;
  fields: readonly PlayerActionField[];
  /** A warning above the fields: `players.<name>Note`. */
  note?: boolean;
  /**
   * What the action takes from the player, stated in the confirmation. Such an action cannot be
   * undone: the operator types the player's user ID before it runs.
   */
  takes?: (data: z.output<B>, t: TFunction) => string;
  /** Where to go afterwards: the affected player's detail, a list, or stay. */
  after?: 'detail' | RouteName;
}
