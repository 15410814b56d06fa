// Runs editors/vscode/extension.js in node against stand-ins for the `vscode` and
// `vscode-languageclient/node` modules (vscode_stubs/), which record what it does, and prints one
// `ok`/`FAIL` line per check. Exit 0 when all pass. Used by textmate_test.py when node is installed.
'use strict';
const path = require('path');
const Module = require('module');
const stubs = {
  vscode: path.join(__dirname, 'vscode_stubs', 'vscode.js'),
  'vscode-languageclient/node': path.join(__dirname, 'vscode_stubs', 'vscode-languageclient-node.js'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request in stubs ? stubs[request] : resolve.call(this, request, ...rest);
};
const vscode = require('vscode');
const { __clients: clients } = require('vscode-languageclient/node');
const ext = require(path.resolve(__dirname, '../../editors/vscode/extension.js'));

let failed = 0;
function check(ok, what, detail) {
  if (ok) console.log('ok   ' + what);
  else { failed++; console.log('FAIL ' + what + (detail === undefined ? '' : ': ' + JSON.stringify(detail))); }
}
const tick = () => new Promise((r) => setTimeout(r, 10));

(async () => {
  const context = { subscriptions: [] };
  await ext.activate(context);
  const c = clients[0];
  check(clients.length === 1 && c.id === 'labelspec' && c.started === 1, 'activate starts one client with id labelspec');
  check(c.serverOptions.command === 'labelspec' && JSON.stringify(c.serverOptions.args) === '["lsp"]',
    'the server is `labelspec lsp`', c.serverOptions);
  check(c.clientOptions.documentSelector.some((s) => s.language === 'labelspec' && s.scheme === 'file'),
    'the document selector is the labelspec language');
  check(c.clientOptions.documentSelector.some((s) => s.pattern === '**/labelspec.json' && s.scheme === 'file'),
    'labelspec.json goes to the server too (completion of font tokens)');
  check(JSON.stringify(c.clientOptions.initializationOptions()) === '{}', 'no settings: empty initializationOptions');
  check(/labelspec\.json/.test(c.clientOptions.synchronize.fileEvents.glob), 'labelspec.json and .labelspec files are watched');
  check(typeof vscode.__state.commands['labelspec.restartServer'] === 'function', 'labelspec.restartServer is registered');

  // A setting change restarts the client with the new options.
  Object.assign(vscode.__state.config, { contentSize: 'all', systemFontFile: 'fonts/Inter.ttf', path: '/opt/bin/labelspec' });
  for (const l of vscode.__state.listeners) l({ affectsConfiguration: (k) => k === 'labelspec.contentSize' });
  await tick();
  const c2 = clients[1];
  check(clients.length === 2 && c.stopped === 1 && c2 && c2.started === 1, 'changing labelspec.contentSize restarts the client');
  check(c2 && c2.serverOptions.command === '/opt/bin/labelspec', 'labelspec.path is the command', c2 && c2.serverOptions.command);
  const opts = c2 ? c2.clientOptions.initializationOptions() : {};
  check(opts.contentSize === 'all' && opts.systemFontFile === path.join('/work/space', 'fonts/Inter.ttf'),
    'initializationOptions carry contentSize and systemFontFile (relative to the workspace folder)', opts);
  for (const l of vscode.__state.listeners) l({ affectsConfiguration: (k) => k === 'editor.fontSize' });
  await tick();
  check(clients.length === 2, 'other settings do not restart it');
  // labelspec.json's keys, set in VS Code, are sent as they are (issue 25); unset ones are not.
  Object.assign(vscode.__state.config, { locales: ['de', 'ja'], pseudoLocales: ['accented'], severity: { 'custom-color': 'off' }, hoverImages: false });
  for (const l of vscode.__state.listeners) l({ affectsConfiguration: (k) => k === 'labelspec.locales' });
  await tick();
  const c3 = clients[2];
  check(clients.length === 3 && c3 && c3.started === 1, 'changing labelspec.locales restarts the client');
  const opts3 = c3 ? c3.clientOptions.initializationOptions() : {};
  check(JSON.stringify(opts3.locales) === '["de","ja"]' && JSON.stringify(opts3.pseudoLocales) === '["accented"]' &&
    JSON.stringify(opts3.severity) === '{"custom-color":"off"}' && !('contentSizes' in opts3) && !('device' in opts3),
    'initializationOptions carry the labelspec.json keys that are set', opts3);
  check(opts3.hoverImages === false, 'initializationOptions carry hoverImages when it is set', opts3);

  // A program that cannot start: an error message naming the setting.
  vscode.__state.config.path = 'missing-labelspec';
  await vscode.__state.commands['labelspec.restartServer']();
  check(vscode.__state.errors.length === 1 && /labelspec\.path/.test(vscode.__state.errors[0]),
    'a server that cannot start gives an error naming labelspec.path', vscode.__state.errors);
  await ext.deactivate();
  check(clients[3].stopped === 0, 'a client that failed to start is dropped, not stopped again at deactivate');
  vscode.__state.config.path = 'labelspec';
  await vscode.__state.commands['labelspec.restartServer']();
  await ext.deactivate();
  check(clients.length === 5 && clients[4].started === 1 && clients[4].stopped === 1,
    'after fixing labelspec.path, Restart starts a client, and deactivate stops it');
  process.exit(failed ? 1 : 0);
})().catch((e) => { console.log('FAIL extension.js threw: ' + e.stack); process.exit(1); });
