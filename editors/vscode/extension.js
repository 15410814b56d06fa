// LabelSpec for VS Code: starts `labelspec lsp` through vscode-languageclient.
'use strict';

const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

// labelspec.json's own keys, sent as they are when set: the server reads them as it reads the
// file (docs/editors.md, "Settings"). Unset, the workspace's labelspec.json decides. `systemFont`
// is `systemFontFile` below; `exclude` is not offered (it changes nothing in an editor). The
// server's table of settings (SettingDescriptor.all) says which keys are sent here, and
// SettingsTableTests checks this list and package.json against it.
const FILE_KEYS = ['contentSizes', 'screens', 'locales', 'pseudoLocales', 'fallbackFonts', 'fontDirectories', 'severity', 'select', 'ignore', 'device', 'sampleArguments', 'boldText'];

function settings() {
  const config = vscode.workspace.getConfiguration('labelspec');
  const options = {};
  const contentSize = config.get('contentSize', '');
  if (contentSize) {
    options.contentSize = contentSize;
  }
  for (const key of FILE_KEYS) {
    const value = config.get(key, null);
    if (value !== null && value !== undefined) {
      options[key] = value;
    }
  }
  // An editor setting of the server's own (docs/lsp.md, "Pictures in hovers").
  const hoverImages = config.get('hoverImages', null);
  if (hoverImages !== null && hoverImages !== undefined) {
    options.hoverImages = hoverImages;
  }
  let font = config.get('systemFontFile', '');
  if (font) {
    if (font.startsWith('~/')) {
      font = path.join(require('os').homedir(), font.slice(2));
    } else if (!path.isAbsolute(font) && vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 0) {
      font = path.join(vscode.workspace.workspaceFolders[0].uri.fsPath, font);
    }
    options.systemFontFile = font;
  }
  return { command: config.get('path', 'labelspec') || 'labelspec', options };
}

function createClient() {
  const { command } = settings();
  const serverOptions = {
    command,
    args: ['lsp'],
    transport: TransportKind.stdio,
  };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'labelspec' },
      { scheme: 'untitled', language: 'labelspec' },
      // labelspec.json: completion of the app's font tokens in "fonts" (docs/swift-sources.md).
      { scheme: 'file', pattern: '**/labelspec.json' },
      // Translations sent back (an .xcloc's XLIFF): checked against the workspace (docs/translators.md).
      { scheme: 'file', pattern: '**/*.{xliff,xlf}' },
    ],
    // Read again at every (re)start, so a changed setting takes effect with the restart below.
    initializationOptions: () => settings().options,
    synchronize: {
      // The server re-reads these when they change on disk.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.labelspec,labelspec.json,*.xcstrings,*.strings,*.stringsdict}'),
    },
  };
  return new LanguageClient('labelspec', 'LabelSpec', serverOptions, clientOptions);
}

async function start() {
  const starting = createClient();
  client = starting;
  try {
    await starting.start();
  } catch (error) {
    if (client === starting) {
      client = undefined;
    }
    const { command } = settings();
    const choice = await vscode.window.showErrorMessage(
      `LabelSpec: could not start "${command} lsp" (${error && error.message ? error.message : error}). ` +
        'Put labelspec on PATH or set labelspec.path.',
      'Open Settings'
    );
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'labelspec.path');
    }
  }
}

async function restart() {
  if (client) {
    const old = client;
    client = undefined;
    try {
      await old.stop();
    } catch (_) {
      // It may never have started.
    }
  }
  await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('labelspec.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      const keys = ['path', 'contentSize', 'systemFontFile', 'hoverImages'].concat(FILE_KEYS);
      if (keys.some((key) => event.affectsConfiguration('labelspec.' + key))) {
        restart();
      }
    })
  );
  await start();
}

async function deactivate() {
  if (client) {
    const old = client;
    client = undefined;
    await old.stop();
  }
}

module.exports = { activate, deactivate };
