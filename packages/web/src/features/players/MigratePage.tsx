import { TransferPage } from './TransferPage';

/** Migrate account: move the source's social ID and save to the target, after a side-by-side preview. */
export default function MigratePage() {
  return <TransferPage kind="migrate" />;
}
