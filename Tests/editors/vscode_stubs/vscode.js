// A stand-in for the `vscode` module, recording what extension.js does (Tests/editors only).
'use strict';
const state = { config: { path: 'labelspec', contentSize: '', systemFontFile: '' }, listeners: [], commands: {}, errors: [] };
module.exports = {
  __state: state,
  workspace: {
    workspaceFolders: [{ uri: { fsPath: '/work/space' } }],
    getConfiguration(section) {
      if (section !== 'labelspec') throw new Error('unexpected section ' + section);
      return { get: (key, dflt) => (key in state.config ? state.config[key] : dflt) };
    },
    createFileSystemWatcher(glob) { return { glob }; },
    onDidChangeConfiguration(listener) { state.listeners.push(listener); return { dispose() {} }; },
  },
  window: {
    showErrorMessage(message, ...items) { state.errors.push(message); return Promise.resolve(undefined); },
  },
  commands: {
    registerCommand(name, fn) { state.commands[name] = fn; return { dispose() {} }; },
    executeCommand() { return Promise.resolve(); },
  },
};
