/**
 * Imported before the Node adapter's server (node-server.ts): the adapter starts its own HTTP
 * server on import unless ASTRO_NODE_AUTOSTART is `disabled`; node-server.ts starts one with the
 * precompressed files in front instead, honouring what the variable said before.
 */
export const autostart = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
