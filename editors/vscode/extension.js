// Starts `oclgrind --dap` or `oclgrind-kernel --dap` for a debug session of its type; the
// adapter does the rest (stdin and stdout carry the Debug Adapter Protocol).
'use strict';
const path = require('path');
const vscode = require('vscode');

function activate(context) {
  for (const type of ['oclgrind', 'oclgrind-kernel']) {
    context.subscriptions.push(
      vscode.debug.registerDebugAdapterDescriptorFactory(type, {
        createDebugAdapterDescriptor() {
          const dir = vscode.workspace.getConfiguration('oclgrind').get('binDir');
          const command = dir ? path.join(dir, type) : type;
          return new vscode.DebugAdapterExecutable(command, ['--dap']);
        },
      }),
    );
  }
}

function deactivate() {}

module.exports = { activate, deactivate };
