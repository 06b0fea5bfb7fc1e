/**
 * Remote config's screens as one module: the list page (fields, tester overrides, "Test on a
 * player"), the edit page's declaration, and the player page's "Config overrides" tab. Every
 * place that loads remote config loads this, so the console keeps one chunk (and one entry in
 * the app shell's preload map) for the area.
 */
export { default } from './ConfigListPage';
export { PlayerConfigOverrides } from './PlayerConfigOverrides';
export { configScreen } from './screen';
