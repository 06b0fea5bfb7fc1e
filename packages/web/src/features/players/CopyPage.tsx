import { TransferPage } from './TransferPage';

/** Copy account: overwrite the target's game data with the source's, after a side-by-side preview. */
export default function CopyPage() {
  return <TransferPage kind="copy" />;
}
