// A stand-in for vscode-languageclient/node, recording the clients made (Tests/editors only).
'use strict';
const clients = [];
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions, started: 0, stopped: 0 });
    clients.push(this);
  }
  start() {
    this.started++;
    if (this.serverOptions.command === 'missing-labelspec') return Promise.reject(new Error('spawn ENOENT'));
    return Promise.resolve();
  }
  stop() { this.stopped++; return Promise.resolve(); }
}
module.exports = { LanguageClient, TransportKind: { stdio: 0, ipc: 1 }, __clients: clients };
