/**
 * Known percent-condition results published by Firebase, kept as test data:
 * firebase/firebase-admin-node, test/unit/remote-config/condition-evaluator.spec.ts
 * ("known percent condition values", release 14.3.0): a BETWEEN condition from 0 to 50,000,000
 * micro-percent (0–50 %) evaluated for these seeds and randomization IDs.
 */
export const firebaseFiftyPercentVectors: { seed: string; id: string; inside: boolean }[] = [
  { seed: '1', id: 'one', inside: false },
  { seed: '2', id: 'two', inside: false },
  { seed: '3', id: 'three', inside: true },
  { seed: '4', id: 'four', inside: false },
  { seed: '5', id: 'five', inside: true },
  { seed: '', id: '😊', inside: true },
  { seed: '', id: '😀', inside: false },
  { seed: 'hêl£o', id: 'wørlÐ', inside: false },
  { seed: 'řemøťe', id: 'çōnfįġ', inside: true },
  { seed: 'long', id: '.'.repeat(100), inside: true },
  { seed: 'very-long', id: '.'.repeat(1000), inside: false },
];
