-- Neovim 0.11+ reads this as the default of vim.lsp.config('labelspec'). The ftplugin starts the
-- server by itself; `vim.lsp.enable('labelspec')` is not needed (and is harmless).
return {
  cmd = { 'labelspec', 'lsp' },
  filetypes = { 'labelspec' },
  root_markers = { 'labelspec.json', '.git' },
}
